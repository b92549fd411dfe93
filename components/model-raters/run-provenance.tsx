import Link from 'next/link';
import type { RunProvenance } from '@/lib/db/model-raters/model-run-views';
import type { RunMeasure } from '@/lib/db/model-raters/run-page-reads';
import type { RunJson } from './format';
import styles from './model-raters.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

const formatLabels: Record<string, string> = {
  json_schema: 'JSON schema',
  json_object: 'JSON object, schema in the prompt',
  prompt: 'plain prompt, schema in the prompt',
};

function Counted({
  rows,
  none,
  label,
}: {
  rows: Array<{ value: string | null; requests: number }>;
  none: string;
  label?: (v: string) => string;
}) {
  if (rows.length === 0) return <span className="muted">{none}</span>;
  return (
    <>
      {rows.map((r, i) => (
        <span key={`${r.value}-${i}`}>
          {i > 0 && ' · '}
          {r.value === null || r.value === '' ? (
            <span className="muted">not reported</span>
          ) : (
            <code>{label ? label(r.value) : r.value}</code>
          )}{' '}
          <span className="small muted">({r.requests.toLocaleString('en')} requests)</span>
        </span>
      ))}
    </>
  );
}

const ms = (v: number | null) => (v === null ? '–' : `${Math.round(v).toLocaleString('en')} ms`);

/**
 * Where every label of the run comes from: the settings it asked with, the model names and system
 * fingerprints the server reported, the structured-output forms used, latency, the failures by
 * reason, and the exact prompt template with its SHA-256.
 */
export function RunProvenanceView({
  run,
  provenance,
  template,
}: {
  run: RunJson;
  provenance: RunProvenance;
  template: string | null;
}) {
  return (
    <div className="stack">
      <dl className={styles.facts} aria-label="Settings">
        <dt>endpoint</dt>
        <dd>
          {run.endpoint.name} <code>{run.endpoint.baseUrl}</code>
          {run.endpoint.id === null && <span className="small muted"> (since removed)</span>}
        </dd>
        <dt>model asked for</dt>
        <dd>
          <code>{run.model}</code>
        </dd>
        <dt>questions</dt>
        <dd>{run.questions.join(', ')}</dd>
        <dt>pairs</dt>
        <dd>
          {run.pairs} ({run.pairsTotal.toLocaleString('en')} drawn)
        </dd>
        <dt>samples · temperature · seed</dt>
        <dd>
          {run.samples} · {run.temperature} ·{' '}
          {run.seed === null ? 'none' : run.samples > 1 ? `${run.seed} (sample k: seed + k)` : run.seed}
        </dd>
        <dt>max tokens</dt>
        <dd>{run.maxTokens ?? "the server's limit"}</dd>
        <dt>swap probe</dt>
        <dd>{run.swap ? 'yes: each pair also asked with the texts exchanged' : 'no'}</dd>
        <dt>wording</dt>
        <dd>version {run.wordingVersion} of the guidelines and questions</dd>
        <dt>started</dt>
        <dd>
          {new Date(run.createdAt).toLocaleString('en')}
          {run.createdBy ? ` by ${run.createdBy}` : ''}
          {run.finishedAt ? ` · ended ${new Date(run.finishedAt).toLocaleString('en')}` : ''}
          {run.repeatOfId ? ` · repeats run #${run.repeatOfId}` : ''}
        </dd>
      </dl>
      <h3 style={{ margin: 0 }}>What the server said</h3>
      <dl className={styles.facts} aria-label="Provenance">
        <dt>models reported</dt>
        <dd>
          <Counted rows={provenance.responseModels} none="no request recorded yet" />
        </dd>
        <dt>system fingerprints</dt>
        <dd>
          <Counted rows={provenance.systemFingerprints} none="no request recorded yet" />
        </dd>
        <dt>answer formats</dt>
        <dd>
          <Counted rows={provenance.formats} none="no request recorded yet" label={(v) => formatLabels[v] ?? v} />
        </dd>
        <dt>requests</dt>
        <dd>
          {provenance.answered.toLocaleString('en')} answered · {provenance.failed.toLocaleString('en')} failed
        </dd>
        <dt>latency</dt>
        <dd>
          median {ms(provenance.latencyMs.median)} · 95th percentile {ms(provenance.latencyMs.p95)}{' '}
          <span className="small muted">(the exchanges that brought answers, without queueing and backoff)</span>
        </dd>
        <dt>failures</dt>
        <dd>
          {provenance.failures.length === 0 ? (
            <span className="muted">none</span>
          ) : (
            <ul style={{ margin: 0, paddingLeft: '1.1rem' }}>
              {provenance.failures.map((f) => (
                <li key={f.reason}>
                  {f.reason} <span className="small muted">({f.requests.toLocaleString('en')} requests)</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>prompt</dt>
        <dd>
          version {run.promptVersion} · SHA-256 <code>{run.promptHash}</code>
        </dd>
      </dl>
      {template !== null && (
        <details>
          <summary>The prompt template, exactly as asked</summary>
          <pre className={styles.template} {...scrollArea('Prompt template')}>
            {template}
          </pre>
        </details>
      )}
    </div>
  );
}

/**
 * The download of every request as JSON Lines, and the corpus measures the answers became, each
 * opening the explorer sorted by it.
 */
export function RunAnswersView({
  runId,
  runBase,
  measures,
  done,
}: {
  runId: number;
  runBase: string;
  measures: RunMeasure[];
  done: number;
}) {
  return (
    <div className="stack">
      <p style={{ margin: 0 }}>
        <Link href={`${runBase}/pairs`}>The pairs and what the model answered</Link>{' '}
        <span className="small muted">(each opens its pair page)</span>
      </p>
      <p>
        <a href={`/api/v1/model-runs/${runId}/answers`} download={`model-run-${runId}-answers.jsonl`}>
          Download the answers (JSON Lines)
        </a>{' '}
        <span className="small muted">
          one line per request ({done.toLocaleString('en')} so far): the pair, the answers in the stored order, whether the texts
          were exchanged, the raw output, the model and fingerprint reported, usage and latency
        </span>
      </p>
      <h3 style={{ margin: 0 }}>Measures made from it</h3>
      {measures.length === 0 ? (
        <p className="small muted">
          None yet: each Likert question&apos;s answers become a measure of the corpora its pairs come from (divided by 4, in [0,
          1]) when the run&apos;s session ends.
        </p>
      ) : (
        <div className="table-scroll" {...scrollArea('Measures made from the run')}>
          <table className="data" aria-label="Measures made from the run">
            <thead>
              <tr>
                <th>Measure</th>
                <th>Corpus</th>
                <th className="num">Pairs</th>
              </tr>
            </thead>
            <tbody>
              {measures.map((m) => (
                <tr key={`${m.corpus.slug}/${m.name}`}>
                  <td>
                    <Link href={`/explore?corpus=${encodeURIComponent(m.corpus.slug)}&sort=-u.${encodeURIComponent(m.name)}`}>
                      u.{m.name}
                    </Link>
                    {m.description && <div className="small muted">{m.description}</div>}
                  </td>
                  <td>{m.corpus.name}</td>
                  <td className="num">{m.values.toLocaleString('en')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
