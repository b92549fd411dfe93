import { database } from '@/lib/db/database';
import { getCampaignTotals, listAnnotatorProgress, listDailyAnswers } from '@/lib/db/campaigns/campaign-progress';
import { ProgressSummary } from '@/components/campaigns/progress-summary';
import { AnnotatorTable } from '@/components/campaigns/annotator-table';
import { AnnotatorBars, CompletionChart } from '@/components/campaigns/progress-charts';

/** Completion, time left, answers over time and per annotator (streams in after the page's access check). */
export async function ProgressSection({ campaignId, overlap }: { campaignId: number; overlap: number }) {
  const db = database();
  const [totals, annotators, days] = await Promise.all([
    getCampaignTotals(db, campaignId),
    listAnnotatorProgress(db, campaignId),
    listDailyAnswers(db, campaignId),
  ]);
  return (
    <div className="stack">
      <ProgressSummary totals={totals} overlap={overlap} />
      <h3>Answers over time</h3>
      {days.length === 0 ? (
        <p className="muted">No answers yet. The chart appears with the first ones.</p>
      ) : (
        <CompletionChart days={days} target={totals.targetAnswers} />
      )}
      <h3>Per annotator</h3>
      {annotators.length === 0 ? (
        <p className="muted">No annotators yet: add members below.</p>
      ) : (
        <>
          {annotators.some((a) => a.done > 0) && (
            <AnnotatorBars rows={annotators.map((a) => ({ name: a.name, done: a.done, remaining: a.remaining }))} />
          )}
          <AnnotatorTable rows={annotators} />
          <p className="small muted">
            Remaining: the open pairs an annotator has not had yet (and a pair they hold now), i.e. what they could still get;
            pairs fill up with other annotators’ answers as work goes on.
          </p>
        </>
      )}
    </div>
  );
}
