'use client';
import { useState } from 'react';
import { formatSeconds } from '@/components/mining/mining-format';
import { isLive, runStatusLabels, type RunJson } from './format';
import { RunProgressBar } from './model-run-list';
import { usePolling } from './use-polling';
import styles from './model-raters.module.css';

const count = (n: number) => n.toLocaleString('en');

/**
 * A run's state and progress: the bar, requests done, failed, retried and asked again, tokens, the
 * rate and the time left; polls `GET /api/v1/model-runs/{id}` every two seconds while the run waits
 * or runs, then refreshes the page (its report and provenance follow).
 */
export function RunLiveProgress({ run: initial }: { run: RunJson }) {
  const [run, setRun] = useState(initial);
  usePolling<RunJson>(`/api/v1/model-runs/${initial.id}`, isLive(initial), setRun, isLive);
  const left = formatSeconds(run.secondsLeft);
  return (
    <div className="stack">
      <div className="row" role="status">
        <span className="badge" data-testid="run-status">
          {runStatusLabels[run.status]}
        </span>
        {run.status === 'QUEUED' && <span className="small muted">{run.message ?? 'waiting for a free job slot'}</span>}
        {run.cancelRequested && isLive(run) && <span className="small">stopping after the requests in flight</span>}
      </div>
      <RunProgressBar run={run} />
      <dl className={styles.facts}>
        <dt>pairs</dt>
        <dd>
          {count(run.pairsDone)} of {count(run.pairsTotal)} done
        </dd>
        <dt>requests</dt>
        <dd>
          {count(run.requestsDone)} of {count(run.requestsTotal)} recorded · {count(run.requestsFailed)} failed ·{' '}
          {count(run.retries)} retried · {count(run.reasked)} asked again after an invalid answer
        </dd>
        <dt>tokens</dt>
        <dd>
          {count(run.promptTokens)} prompt · {count(run.completionTokens)} completion
        </dd>
        <dt>rate</dt>
        <dd>
          {run.rate === null ? (
            <span className="muted">not measured yet</span>
          ) : (
            `${run.rate.toLocaleString('en', { maximumFractionDigits: 2 })} requests per second in this session`
          )}
          {run.status === 'RUNNING' && left ? ` · about ${left} left` : ''}
        </dd>
      </dl>
      {run.message && !isLive(run) && (
        <p className={`alert ${run.status === 'FAILED' ? 'error' : run.status === 'CANCELLED' ? 'warning' : 'success'}`}>
          {run.message}
        </p>
      )}
    </div>
  );
}
