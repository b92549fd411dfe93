/**
 * sem, delta and semParts in SQL, from the semantic measures stored on each pair and the corpus's
 * semantic set (Corpus.semMeasures): the mean of the set's main measures that are present, or,
 * when none is, of its fallback measures (WordNet); delta = sem − syn. The same rule as
 * summarizeSimilarity (lib/measures/semantic.ts) uses on import; stored values are already
 * clipped. Scoring jobs recompute the pairs they wrote; changing the set recomputes the corpus.
 */
import type { Db } from './client';
import { refreshCorpusSummary } from './corpus-summary';
import { fallbackSemanticKeys, isSemanticMeasureKey, semanticMeasureKeys, type SemanticMeasureKey } from '@/lib/measures/catalog';

// Column names come from the fixed catalogue, never from input.
const measureRows = (valueOf: Partial<Record<SemanticMeasureKey, string>>) =>
  semanticMeasureKeys.map((k, i) => `('${k}', ${valueOf[k] ?? `p."${k}"`}, ${(fallbackSemanticKeys as readonly string[]).includes(k)}, ${i})`).join(', ');

/**
 * SET clause computing ("sem", "delta", "semParts") of row `p` from the measures named in the text
 * array parameter `$${setParam}`. `valueOf` replaces a measure's stored value by an SQL expression
 * (an UPDATE that also writes that measure: SET sees the row as it was).
 */
export function semAssignmentSql(setParam: number, valueOf: Partial<Record<SemanticMeasureKey, string>> = {}): string {
  return `("sem", "delta", "semParts") = (
    SELECT x.sem, x.sem - p."syn", x.parts FROM (
      SELECT CASE WHEN count(*) FILTER (WHERE NOT v.fallback) > 0 THEN avg(v.value) FILTER (WHERE NOT v.fallback) ELSE avg(v.value) END AS sem,
             CASE WHEN count(*) FILTER (WHERE NOT v.fallback) > 0 THEN array_agg(v.name ORDER BY v.ord) FILTER (WHERE NOT v.fallback)
                  ELSE COALESCE(array_agg(v.name ORDER BY v.ord), '{}') END AS parts
      FROM (VALUES ${measureRows(valueOf)}) AS v(name, value, fallback, ord)
      WHERE v.value IS NOT NULL AND v.name = ANY($${setParam}::text[])) x)`;
}

/** The corpus's semantic set, in catalogue order. */
export async function getCorpusSemMeasures(db: Db, corpusId: number): Promise<SemanticMeasureKey[]> {
  const row = await db.corpus.findUnique({ where: { id: corpusId }, select: { semMeasures: true } });
  if (!row) throw new Error(`corpus ${corpusId} does not exist`);
  return semanticMeasureKeys.filter((k) => row.semMeasures.includes(k));
}

/**
 * Changes the corpus's semantic set and recomputes sem and delta of all its pairs (one UPDATE in
 * one transaction), then its stored summary. Returns the pairs recomputed.
 */
export async function setCorpusSemMeasures(db: Db, corpusId: number, measures: readonly string[]): Promise<number> {
  const unknown = measures.filter((m) => !isSemanticMeasureKey(m));
  if (unknown.length > 0) throw new RangeError(`not semantic measures: ${unknown.join(', ')} (known: ${semanticMeasureKeys.join(', ')})`);
  const set = semanticMeasureKeys.filter((k) => measures.includes(k));
  const updated = await db.$transaction(async (tx) => {
    await tx.corpus.update({ where: { id: corpusId }, data: { semMeasures: set } });
    return tx.$executeRawUnsafe(`UPDATE "Pair" p SET ${semAssignmentSql(2)} WHERE p."corpusId" = $1`, corpusId, set);
  }, { timeout: 30 * 60_000 });
  await refreshCorpusSummary(db, corpusId);
  return updated;
}
