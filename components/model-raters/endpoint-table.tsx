'use client';
import { Fragment, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { deleteModelEndpointContract, listEndpointModelsContract } from '@/lib/api/contracts/model-endpoints';
import { ConfirmButton } from './confirm-button';
import { EndpointForm, type EndpointJson } from './endpoint-form';
import styles from './model-raters.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

type Probe = { models: string[]; problem: string | null } | { error: string };

const formatLabels: Record<string, string> = {
  json_schema: 'JSON schema',
  json_object: 'JSON object (schema in the prompt)',
  prompt: 'plain prompt',
};

function keyWords(e: EndpointJson) {
  if (e.keySource === 'env')
    return (
      <>
        variable <code>{e.keyEnv}</code>
      </>
    );
  if (e.keySource === 'stored') return 'stored, sealed';
  return <span className="muted">none</span>;
}

function learnt(e: EndpointJson) {
  const format = e.responseFormat ? (formatLabels[e.responseFormat] ?? e.responseFormat) : null;
  const logprobs = e.logprobs === null ? null : e.logprobs ? 'takes logprobs' : 'refuses logprobs';
  if (!format && !logprobs) return <span className="muted">not yet: a run finds out</span>;
  return [format, logprobs].filter(Boolean).join(' · ');
}

/** What the server listed when tested, or why it could not be asked. */
function ProbeResult({ name, probe }: { name: string; probe: Probe }) {
  if ('error' in probe)
    return (
      <p role="alert" className="alert error">
        {probe.error}
      </p>
    );
  if (probe.problem)
    return (
      <p role="status" className="alert error">
        {name} could not be asked for its models: {probe.problem}
      </p>
    );
  return (
    <div role="status" className="alert success">
      {probe.models.length === 0 ? (
        `${name} answered but lists no models; type the model's name in the run form.`
      ) : (
        <>
          {name} lists {probe.models.length === 1 ? 'one model' : `${probe.models.length} models`}:{' '}
          {probe.models.map((m, i) => (
            <Fragment key={m}>
              {i > 0 && ', '}
              <code>{m}</code>
            </Fragment>
          ))}
        </>
      )}
    </div>
  );
}

/**
 * The registered endpoints: where requests go, where the key comes from (never the key), the limits,
 * what runs learnt about the server, and per row Test (the server's model list), Edit and Delete
 * (refused by the server while a run waits for or runs on it; the dialog then says so).
 */
export function EndpointTable({ endpoints }: { endpoints: EndpointJson[] }) {
  const router = useRouter();
  const [editing, setEditing] = useState<number | null>(null);
  const [probe, setProbe] = useState<{ id: number; name: string; result: Probe | 'asking' } | null>(null);
  const [, startTransition] = useTransition();

  function test(e: EndpointJson) {
    setProbe({ id: e.id, name: e.name, result: 'asking' });
    startTransition(async () => {
      const result = await callApi(listEndpointModelsContract, { params: { id: e.id } });
      setProbe({ id: e.id, name: e.name, result: result.ok ? result.data : { error: result.message } });
    });
  }

  async function remove(e: EndpointJson): Promise<string | null> {
    const result = await callApi(deleteModelEndpointContract, { params: { id: e.id } });
    if (!result.ok) return result.message;
    router.refresh();
    return null;
  }

  const edited = endpoints.find((e) => e.id === editing);
  return (
    <div className="stack" style={{ marginBottom: '1rem' }}>
      <div className="table-scroll" {...scrollArea('Model endpoints')}>
        <table className="data" aria-label="Model endpoints">
          <thead>
            <tr>
              <th>Name</th>
              <th>Base URL</th>
              <th>Key</th>
              <th>Limits</th>
              <th>Learnt</th>
              <th className="num">Runs</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((e) => {
              const asking = probe?.id === e.id && probe.result === 'asking';
              return (
                <Fragment key={e.id}>
                  <tr data-testid={`endpoint-${e.name}`}>
                    <th scope="row">{e.name}</th>
                    <td>
                      <code>{e.baseUrl}</code>
                    </td>
                    <td>{keyWords(e)}</td>
                    <td className="small">
                      <div className={styles.nowrap}>{e.concurrency} at once</div>
                      <div className={styles.nowrap}>{e.timeoutSeconds} s timeout</div>
                      <div className={styles.nowrap}>
                        {e.requestsPerMinute === null ? 'no rate limit' : `${e.requestsPerMinute} per minute`}
                      </div>
                    </td>
                    <td className="small">{learnt(e)}</td>
                    <td className="num">
                      {e.runs}
                      {e.activeRuns > 0 && <div className="small muted">{e.activeRuns} active</div>}
                    </td>
                    <td>
                      <div className="row" style={{ flexWrap: 'nowrap' }}>
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => test(e)}
                          disabled={asking}
                          aria-label={`Test ${e.name}`}
                        >
                          {asking ? 'Asking…' : 'Test'}
                        </button>
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => setEditing(editing === e.id ? null : e.id)}
                          aria-expanded={editing === e.id}
                          aria-label={`Edit ${e.name}`}
                        >
                          Edit
                        </button>
                        <ConfirmButton
                          label="Delete"
                          ariaLabel={`Delete ${e.name}`}
                          title={`Delete the endpoint “${e.name}”?`}
                          confirmLabel="Delete endpoint"
                          action={() => remove(e)}
                        >
                          <p>
                            Runs can no longer use it. Finished runs keep its name and URL in their provenance, and their answers
                            stay.
                          </p>
                        </ConfirmButton>
                      </div>
                    </td>
                  </tr>
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {probe && probe.result !== 'asking' && <ProbeResult name={probe.name} probe={probe.result} />}
      {edited && (
        <section className="card stack" aria-labelledby="edit-endpoint-heading">
          <h2 id="edit-endpoint-heading" style={{ margin: 0 }}>
            Edit {edited.name}
          </h2>
          <EndpointForm key={edited.id} endpoint={edited} onDone={() => setEditing(null)} />
        </section>
      )}
    </div>
  );
}
