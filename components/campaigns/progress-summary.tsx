import type { CampaignTotals } from '@/lib/db/campaigns/campaign-progress';
import { ACTIVE_WINDOW_DAYS, completion, estimateTimeLeft, formatDuration } from '@/lib/annotation/campaign-estimate';
import { CompletionBar } from './completion-bar';
import styles from './campaigns.module.css';

const fmt = (n: number) => n.toLocaleString('en');

function TimeLeft({ totals, overlap }: { totals: CampaignTotals; overlap: number }) {
  const estimate = estimateTimeLeft({ ...totals, overlap });
  if (estimate.kind === 'done') return <>Nothing left: every pair has its {overlap} answers.</>;
  const warning = estimate.warning && <span className="field-error"> {estimate.warning}</span>;
  if (estimate.kind === 'unknown')
    return (
      <>
        {estimate.reason}
        {warning}
      </>
    );
  const person = formatDuration(estimate.personMs);
  const text =
    estimate.wallMs === null
      ? `${person} of annotation time (${fmt(estimate.remainingAnswers)} answers × the median time); nobody answered in the last ${ACTIVE_WINDOW_DAYS} days.`
      : `about ${formatDuration(estimate.wallMs)} of work with ${totals.activeAnnotators} active annotator${totals.activeAnnotators === 1 ? '' : 's'} (${person} in all: ${fmt(estimate.remainingAnswers)} answers × the median time).`;
  return (
    <>
      <span data-testid="time-left">{text}</span>
      {warning}
    </>
  );
}

/** The campaign's completion, median time per pair and the estimate of the time left. */
export function ProgressSummary({ totals, overlap }: { totals: CampaignTotals; overlap: number }) {
  return (
    <dl className={styles.facts}>
      <dt>Completion</dt>
      <dd>
        <CompletionBar
          value={completion(totals.answers, totals.targetAnswers)}
          detail={`${fmt(totals.answers)} of ${fmt(totals.targetAnswers)} answers`}
        />
        <span className="small muted">
          {fmt(totals.answers)} of {fmt(totals.targetAnswers)} answers ({fmt(totals.items)} pairs × {overlap});{' '}
          {fmt(totals.completeItems)} pairs have all their answers
          {totals.goldItems > 0 && <>; {fmt(totals.goldItems)} gold pairs not counted</>}.
        </span>
      </dd>
      <dt>Median time per pair</dt>
      <dd>{totals.medianMs === null ? '—' : formatDuration(totals.medianMs)}</dd>
      <dt>Annotators</dt>
      <dd>
        {totals.annotators} member{totals.annotators === 1 ? '' : 's'}, {totals.activeAnnotators} active in the last{' '}
        {ACTIVE_WINDOW_DAYS} days, {totals.liveHolds} pair{totals.liveHolds === 1 ? '' : 's'} being worked on now
      </dd>
      <dt>Time left</dt>
      <dd>
        <TimeLeft totals={totals} overlap={overlap} />
      </dd>
    </dl>
  );
}
