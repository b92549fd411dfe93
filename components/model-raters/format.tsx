/**
 * Display helpers of the model-rater screens: a run as plain JSON for client components (the shape
 * `GET /api/v1/model-runs/{id}` answers), its status in words, progress in words, and a statistic
 * that may be undefined: its value, or "undefined" with the reason, never 0.
 */
import type { z } from 'zod';
import type { modelRunSchema } from '@/lib/api/contracts/model-runs';
import type { ModelRunView } from '@/lib/db/model-raters/model-run-views';
import { formatSeconds } from '@/components/mining/mining-format';

export type RunJson = z.infer<typeof modelRunSchema>;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function toRunJson(run: ModelRunView): RunJson {
  return {
    ...run,
    createdAt: run.createdAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
  };
}

export const runStatusLabels: Record<RunJson['status'], string> = {
  QUEUED: 'waiting',
  RUNNING: 'running',
  SUCCEEDED: 'finished',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

export const isLive = (run: Pick<RunJson, 'status'>) => run.status === 'QUEUED' || run.status === 'RUNNING';

const count = (n: number) => n.toLocaleString('en');

/** "120 of 300 requests · 2.4 per s · about 1 min 15 s left" */
export function progressWords(run: RunJson): string {
  const parts = [`${count(run.requestsDone)} of ${count(run.requestsTotal)} requests`];
  if (run.rate !== null && run.status === 'RUNNING')
    parts.push(`${run.rate.toLocaleString('en', { maximumFractionDigits: 1 })} per s`);
  const left = formatSeconds(run.secondsLeft);
  if (left && run.status === 'RUNNING') parts.push(`about ${left} left`);
  if (run.cancelRequested && isLive(run)) parts.push('stopping after the requests in flight');
  return parts.join(' · ');
}

export const fraction = (run: Pick<RunJson, 'requestsDone' | 'requestsTotal'>) =>
  run.requestsTotal > 0 ? Math.min(1, run.requestsDone / run.requestsTotal) : 0;

/** A number with `digits` decimals, a minus sign that reads as one. */
export function formatNumber(value: number, digits = 3): string {
  return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).replace('-', '−');
}

export const formatShare = (value: number) => `${(value * 100).toLocaleString('en', { maximumFractionDigits: 1 })} %`;

/** A statistic: its value, or "undefined" and why (the reason is also the title, for narrow cells). */
export function Figure({
  estimate,
  digits = 3,
  percent = false,
}: {
  estimate: { value: number | null; reason?: string } | undefined;
  digits?: number;
  percent?: boolean;
}) {
  if (!estimate) return <span className="muted">–</span>;
  if (estimate.value === null)
    return (
      <span className="muted" title={estimate.reason}>
        undefined{estimate.reason ? `: ${estimate.reason}` : ''}
      </span>
    );
  return <>{percent ? formatShare(estimate.value) : formatNumber(estimate.value, digits)}</>;
}

/** "[0.41, 0.63]" or the reason there is no interval. */
export function Interval({ ci, reason }: { ci: [number, number] | null; reason?: string | undefined }) {
  if (ci) return <span style={{ whiteSpace: 'nowrap' }}>{`[${formatNumber(ci[0])}, ${formatNumber(ci[1])}]`}</span>;
  return <span className="muted">{reason ? `no interval: ${reason}` : 'no interval'}</span>;
}

/** An answer as the pages show it: yes/no for booleans, numbers and labels as they are. */
export function formatAnswer(value: unknown): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return value === null || value === undefined ? '–' : JSON.stringify(value);
}
