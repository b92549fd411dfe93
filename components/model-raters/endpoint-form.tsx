'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { Field, FieldErrors } from '@/components/ui/field';
import { RadioGroup } from '@/components/ui/choice';
import { apiFieldErrors, callApi } from '@/lib/api/typed-client';
import { createModelEndpointContract, updateModelEndpointContract } from '@/lib/api/contracts/model-endpoints';
import styles from './model-raters.module.css';

/** An endpoint as the admin page hands it to its client components (never the key). */
export interface EndpointJson {
  id: number;
  name: string;
  baseUrl: string;
  keySource: 'env' | 'stored' | 'none';
  keyEnv: string | null;
  concurrency: number;
  timeoutSeconds: number;
  requestsPerMinute: number | null;
  responseFormat: string | null;
  logprobs: boolean | null;
  runs: number;
  activeRuns: number;
}

type KeyChoice = 'keep' | 'none' | 'env' | 'stored';

const text = (data: FormData, name: string) => {
  const v = data.get(name);
  return typeof v === 'string' ? v.trim() : '';
};

/** The request body from the form: numbers as numbers, the key as chosen (`keep` sends nothing about it). */
function endpointBody(data: FormData, key: KeyChoice, editing: boolean) {
  const whole = (name: string) => (text(data, name) === '' ? undefined : Number(text(data, name)));
  const rate = whole('requestsPerMinute');
  return {
    name: text(data, 'name'),
    url: text(data, 'url'),
    ...(key === 'none' ? (editing ? { key: null, keyEnv: null } : {}) : {}),
    ...(key === 'env' ? { keyEnv: text(data, 'keyEnv') } : {}),
    ...(key === 'stored' ? { key: text(data, 'key') } : {}),
    ...(whole('concurrency') === undefined ? {} : { concurrency: whole('concurrency') }),
    ...(whole('timeoutSeconds') === undefined ? {} : { timeoutSeconds: whole('timeoutSeconds') }),
    ...(rate === undefined ? (editing ? { requestsPerMinute: null } : {}) : { requestsPerMinute: rate }),
  };
}

/**
 * Adds an endpoint, or changes one (`endpoint` given): name, URL (with or without /v1), where the
 * key comes from, and the three limits. The server normalises the URL and says what is wrong per
 * field; the key is sent once and never shown again.
 */
export function EndpointForm({ endpoint, onDone }: { endpoint?: EndpointJson; onDone?: () => void }) {
  const router = useRouter();
  const editing = endpoint !== undefined;
  const [key, setKey] = useState<KeyChoice>(editing ? 'keep' : 'none');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const formName = editing ? `Edit endpoint ${endpoint.name}` : 'Add an endpoint';

  function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    setError(null);
    setFields({});
    setSaved(null);
    startTransition(async () => {
      const body = endpointBody(data, key, editing);
      const result = editing
        ? await callApi(updateModelEndpointContract, { params: { id: endpoint.id }, body })
        : await callApi(createModelEndpointContract, { body });
      if (!result.ok) {
        setError(result.message);
        setFields(apiFieldErrors(result));
        return;
      }
      setSaved(`${editing ? 'Saved' : 'Added'} ${result.data.name}: requests go to ${result.data.baseUrl}.`);
      if (!editing) {
        form.reset();
        setKey('none');
      }
      router.refresh();
      onDone?.();
    });
  }

  const keyOptions = [
    ...(editing ? [{ value: 'keep' as const, label: 'keep as it is', hint: keyNow(endpoint) }] : []),
    { value: 'none' as const, label: 'no key', hint: 'local servers (Ollama, llama.cpp, LM Studio) need none' },
    { value: 'env' as const, label: 'from an environment variable', hint: 'of the process that runs the jobs' },
    { value: 'stored' as const, label: 'store the key', hint: 'sealed with AUTH_SECRET, never shown again' },
  ];
  return (
    <form
      className="stack"
      aria-label={formName}
      onSubmit={(e) => {
        // not a form action: React resets a form after its action, and a refused form must keep what was typed
        e.preventDefault();
        submit(e.currentTarget);
      }}
    >
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <Field label="Name" hint="lowercase, e.g. local-ollama" error={fields.name}>
          <input name="name" required maxLength={64} defaultValue={endpoint?.name} autoComplete="off" spellCheck={false} />
        </Field>
        <Field
          label="URL"
          hint="with or without /v1, e.g. http://127.0.0.1:11434 or https://api.openai.com"
          error={fields.url}
          className={styles.wide}
        >
          <input name="url" required maxLength={2000} defaultValue={endpoint?.baseUrl} spellCheck={false} size={36} />
        </Field>
      </div>
      <RadioGroup legend="API key" name="keyChoice" options={keyOptions} value={key} onChange={setKey} />
      {key === 'env' && (
        <Field label="Variable" hint="its name only, e.g. OPENAI_API_KEY" error={fields.keyEnv}>
          <input name="keyEnv" required maxLength={128} defaultValue={endpoint?.keyEnv ?? ''} spellCheck={false} />
        </Field>
      )}
      {key === 'stored' && (
        <Field label="Key" hint="sent once, stored encrypted" error={fields.key}>
          <input name="key" type="password" required maxLength={4000} autoComplete="off" />
        </Field>
      )}
      <div className="row" style={{ alignItems: 'flex-start' }}>
        <Field
          label="Concurrency"
          hint="requests at once; a local server answers one at a time unless told otherwise (e.g. OLLAMA_NUM_PARALLEL)"
          error={fields.concurrency}
          className={`${styles.hinted} ${styles.compact}`}
        >
          <input name="concurrency" type="number" min={1} max={256} step={1} defaultValue={endpoint?.concurrency ?? 1} size={5} />
        </Field>
        <Field label="Timeout (s)" hint="per request" error={fields.timeoutSeconds} className={styles.compact}>
          <input
            name="timeoutSeconds"
            type="number"
            min={1}
            max={3600}
            step={1}
            defaultValue={endpoint?.timeoutSeconds ?? 120}
            size={5}
          />
        </Field>
        <Field label="Requests per minute" hint="empty: no limit" error={fields.requestsPerMinute} className={styles.compact}>
          <input
            name="requestsPerMinute"
            type="number"
            min={1}
            max={100000}
            step={1}
            defaultValue={endpoint?.requestsPerMinute ?? ''}
            size={7}
          />
        </Field>
      </div>
      <FieldErrors messages={fields.keyChoice ? [fields.keyChoice] : []} />
      <div className="row">
        <button type="submit" disabled={isPending}>
          {isPending ? 'Saving…' : editing ? 'Save changes' : 'Add endpoint'}
        </button>
        {editing && (
          <button type="button" className="secondary" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="alert success">
          {saved}
        </p>
      )}
    </form>
  );
}

function keyNow(endpoint: EndpointJson): string {
  if (endpoint.keySource === 'env') return `read from ${endpoint.keyEnv}`;
  if (endpoint.keySource === 'stored') return 'a stored key';
  return 'no key';
}
