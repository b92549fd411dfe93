import { database } from '@/lib/db/database';
import { listPairModelAnswers } from '@/lib/db/model-raters/run-page-reads';
import { PairModelAnswers } from '@/components/model-raters/pair-model-answers';

/** The model runs that answered this pair (researchers and admins: the explorer's area; never an annotator's page). */
export async function ModelAnswersSection({ pairId }: { pairId: number }) {
  const rows = await listPairModelAnswers(database(), pairId);
  return (
    <PairModelAnswers
      rows={rows.map((r) => ({
        ...r,
        run: { ...r.run, createdAt: r.run.createdAt.toISOString() },
        doneAt: r.doneAt?.toISOString() ?? null,
      }))}
    />
  );
}
