'use client';
import Link from 'next/link';
import { useState } from 'react';
import { fraction, isLive, progressWords, runStatusLabels, type RunJson } from './format';
import { RunActions } from './run-actions';
import { usePolling } from './use-polling';
import styles from './model-raters.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

/** A run's bar and its words: requests done of all, the rate and the time left while it runs. */
export function RunProgressBar({ run }: { run: RunJson }) {
  return (
    <div className="stack small" style={{ gap: 2 }}>
      <progress
        className={styles.progress}
        max={1}
        value={fraction(run)}
        aria-label={`Progress of run #${run.id}: ${Math.round(fraction(run) * 100)} %`}
      />
      <span>{progressWords(run)}</span>
    </div>
  );
}

/**
 * A campaign's model runs, newest first: the rater, status, progress with rate and time left, failed
 * requests, and what can be done with each; polls the runs every two seconds while any waits or runs.
 */
export function ModelRunList({
  campaignId,
  campaignSlug,
  runs: initial,
}: {
  campaignId: number;
  campaignSlug: string;
  runs: RunJson[];
}) {
  const [runs, setRuns] = useState(initial);
  const anyLive = runs.some(isLive);
  usePolling<{ runs: RunJson[] }>(
    `/api/v1/campaigns/${campaignId}/model-runs`,
    anyLive,
    (answer) => setRuns(answer.runs),
    (answer) => answer.runs.some(isLive),
  );
  const base = `/campaigns/${encodeURIComponent(campaignSlug)}/model-runs`;
  return (
    <div className="table-scroll" {...scrollArea('Model runs')}>
      <table className="data" aria-label="Model runs">
        <thead>
          <tr>
            <th>Run</th>
            <th>Status</th>
            <th style={{ minWidth: '12rem' }}>Progress</th>
            <th className="num">Failed</th>
            <th>Actions</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id} data-testid={`model-run-${run.id}`}>
              <td>
                <Link href={`${base}/${run.id}`}>{run.rater}</Link>
                <div className="small muted">
                  #{run.id} · {run.endpoint.name} · {run.pairs} · {run.samples > 1 ? `${run.samples} samples · ` : ''}
                  temperature {run.temperature}
                  {run.swap ? ' · swap' : ''}
                  {run.repeatOfId ? ` · repeats #${run.repeatOfId}` : ''}
                </div>
              </td>
              <td>
                <span className="badge">{runStatusLabels[run.status]}</span>
                {run.message && !isLive(run) && <div className="small muted">{run.message}</div>}
              </td>
              <td>
                <RunProgressBar run={run} />
              </td>
              <td className="num">{run.requestsFailed.toLocaleString('en')}</td>
              <td>
                <RunActions run={run} campaignSlug={campaignSlug} showOpen />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
