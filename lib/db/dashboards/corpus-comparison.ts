/**
 * The corpus comparison of paper Table 7: per corpus, pair count, share with ST > 0.8, length
 * and the mean and sd of every measure of the catalogue (Table 7's, syn, sem, delta, the thesis's),
 * optionally only over the pairs with ST > 0.8. Read from
 * the stored corpus summaries (lib/db/corpora/corpus-summary.ts): no scan of the pairs.
 */
import type { Db } from '../client';
import { ensureCorpusSummaries } from '../corpora/corpus-summary';
import { measureKeys, type MeasureKey } from '@/lib/measures/catalog';
import { semanticAxisOf } from '../corpora/semantic-set';
import { describeSums, type CorpusSums } from '@/lib/pair-rows/corpus-sums';

export interface CorpusComparisonRow {
  corpusId: number;
  name: string;
  slug: string;
  n: number;
  stAbove08Share: number | null;
  lengthMean: number | null;
  lengthSd: number | null;
  means: Partial<Record<MeasureKey, number | null>>;
  sds: Partial<Record<MeasureKey, number | null>>;
  /** which measures form sem and delta (e.g. "WordNet (no paper measure)") */
  semanticAxis: string;
  /** "sem = mean of …" */
  semFormula: string;
  /** GloVe or WordNet stands in for the paper's measures for some pairs */
  usesFallback: boolean;
}

export async function listCorpusComparison(db: Db, options: { onlyStAbove08: boolean }): Promise<CorpusComparisonRow[]> {
  await ensureCorpusSummaries(db);
  const corpora = await db.corpus.findMany({
    where: { archivedAt: null },
    orderBy: { name: 'asc' },
    select: { id: true, name: true, slug: true, semMeasures: true, summary: { select: { stats: true } } },
  });
  return corpora.map((c) => {
    const sums = c.summary?.stats as CorpusSums | undefined;
    const block = sums ? (options.onlyStAbove08 ? sums.stAbove : sums.all) : undefined;
    const withSt = sums?.all.measures.st?.n ?? 0;
    const length = describeSums(block?.length);
    const means: CorpusComparisonRow['means'] = {};
    const sds: CorpusComparisonRow['sds'] = {};
    for (const k of measureKeys) {
      const stats = describeSums(block?.measures[k]);
      means[k] = stats.mean;
      sds[k] = stats.sd;
    }
    const axis = semanticAxisOf(c.semMeasures, block);
    return {
      corpusId: c.id,
      name: c.name,
      slug: c.slug,
      n: block?.pairs ?? 0,
      stAbove08Share: withSt > 0 ? (sums?.stAbove.pairs ?? 0) / withSt : null,
      lengthMean: length.mean,
      lengthSd: length.sd,
      means,
      sds,
      semanticAxis: axis.label,
      semFormula: axis.formula,
      usesFallback: axis.fallback !== null,
    };
  });
}
