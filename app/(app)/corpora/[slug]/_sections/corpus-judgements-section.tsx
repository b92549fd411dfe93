import Link from 'next/link';
import { countReferenceJudgements, listMeasuresWithReferenceScores } from '@/lib/db/dashboards/corpus-judgements';
import { database } from '@/lib/db/database';
import { computeReferenceCorrelations } from '@/lib/dashboards/judgement-analysis';
import { measureKeys } from '@/lib/measures/catalog';
import { ReferenceCorrelationTable } from '@/components/dashboards/reference-correlation-table';

/**
 * A corpus that brings its own scores or labels: every measure against them, and the way to the
 * full analysis. Nothing for a corpus without.
 */
export async function CorpusJudgementsSection({ corpusId, slug }: { corpusId: number; slug: string }) {
  const db = database();
  const counts = await countReferenceJudgements(db, corpusId);
  if (counts.scores === 0 && counts.labels === 0) return null;
  const href = `/dashboards/judgements?corpus=${encodeURIComponent(slug)}`;
  const correlations =
    counts.scores > 0 ? computeReferenceCorrelations(await listMeasuresWithReferenceScores(db, corpusId)) : null;
  return (
    <>
      <h2>Measures against the corpus&apos;s own judgements</h2>
      {correlations && (
        <>
          <p className="small muted">
            {(correlations.sampledFrom ?? correlations.n).toLocaleString('en')} pairs bring a score of their own
            {correlations.sampledFrom === null
              ? ''
              : ` (correlated on a systematic sample of ${correlations.n.toLocaleString('en')})`}
            . Scatter plots per measure: <Link href={`${href}#scores`}>Measures vs judgements</Link>.
          </p>
          <ReferenceCorrelationTable
            measures={measureKeys}
            cells={correlations.measures}
            scatterHref={(k) => `${href}&scatter=${k}#scores`}
          />
        </>
      )}
      {counts.labels > 0 && (
        <p>
          {counts.labels.toLocaleString('en')} pairs bring a paraphrase label of their own:{' '}
          <Link href={`${href}&threshold=0.8#thresholds`}>ROC AUC and the best threshold of each measure</Link>, and{' '}
          <Link href={`/dashboards/distributions?corpus=${encodeURIComponent(slug)}&by=reference`}>
            each measure&apos;s distribution for paraphrases and non-paraphrases
          </Link>
          .
        </p>
      )}
    </>
  );
}
