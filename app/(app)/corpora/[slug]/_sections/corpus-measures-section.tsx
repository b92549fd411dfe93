import { getDb } from '@/lib/db/client';
import { getCorpusStats } from '@/lib/db/corpus-stats';
import { listPairs } from '@/lib/db/pairs';
import { MeasureSummaryTable } from '@/components/corpora/measure-summary-table';
import { PairPreviewTable } from '@/components/corpora/pair-preview-table';

/** Streams in after the page's access and existence checks have decided the status code. */
export async function CorpusMeasuresSection({ corpusId }: { corpusId: number }) {
  const db = getDb();
  const [stats, pairs] = await Promise.all([getCorpusStats(db, corpusId), listPairs(db, corpusId, { limit: 25, offset: 0 })]);
  return (
    <>
      <h2>Measures</h2>
      <MeasureSummaryTable stats={stats} />
      <h2>First pairs</h2>
      <PairPreviewTable pairs={pairs} />
    </>
  );
}
