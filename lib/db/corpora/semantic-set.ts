/**
 * sem, delta and semParts in SQL, from the semantic measures stored on each pair and the corpus's
 * semantic set (Corpus.semMeasures): the mean of the set's measures of the lowest tier that is
 * present (the paper's, else GloVe, else WordNet: catalogue `semTier`); delta = sem − syn. The same rule as
 * summarizeSimilarity (lib/measures/semantic.ts) uses on import; stored values are already
 * clipped. Scoring jobs recompute the pairs they wrote; changing the set recomputes the corpus.
 */
import type { Db } from '../client';
import { refreshCorpusSummary } from './corpus-summary';
import { isSemanticMeasureKey, semanticMeasureKeys, semanticTier, type SemanticMeasureKey } from '@/lib/measures/catalog';
import { describeSemanticAxis, type SemanticAxis } from '@/lib/measures/semantic-axis';
import type { CorpusSums } from '@/lib/pair-rows/corpus-sums';

// Column names come from the fixed catalogue, never from input.
const measureRows = (valueOf: Partial<Record<SemanticMeasureKey, string>>) =>
  semanticMeasureKeys.map((k, i) => `('${k}', ${valueOf[k] ?? `p."${k}"`}, ${semanticTier(k)}, ${i})`).join(', ');

/**
 * SET clause computing ("sem", "delta", "semParts") of row `p` from the measures named in the text
 * array parameter `$${setParam}`. `valueOf` replaces a measure's stored value by an SQL expression
 * (an UPDATE that also writes that measure: SET sees the row as it was).
 */
export function semAssignmentSql(setParam: number, valueOf: Partial<Record<SemanticMeasureKey, string>> = {}): string {
  return `("sem", "delta", "semParts") = (
    SELECT x.sem, x.sem - p."syn", x.parts FROM (
      SELECT avg(t.value) AS sem, COALESCE(array_agg(t.name ORDER BY t.ord), '{}') AS parts
      FROM (SELECT v.name, v.value, v.ord, v.tier, min(v.tier) OVER () AS best
            FROM (VALUES ${measureRows(valueOf)}) AS v(name, value, tier, ord)
            WHERE v.value IS NOT NULL AND v.name = ANY($${setParam}::text[])) t
      WHERE t.tier = t.best) x)`;
}

/**
 * sem and semParts of row `p` for a semantic set fixed when the statement is written, as SQL
 * expressions: each tier's values summed in catalogue order and divided by their count, as avg() does
 * (null, and '{}', when no measure of the set has a value). Also what a sample drawn again with its
 * recorded definitions computes sem from (lib/db/campaigns/sample-candidates.ts).
 */
export function semValueForSetSql(
  set: readonly SemanticMeasureKey[],
  valueOf: Partial<Record<SemanticMeasureKey, string>> = {},
): { sem: string; parts: string } {
  const value = (k: SemanticMeasureKey) => valueOf[k] ?? `p."${k}"`;
  const tiers = [...new Set(set.map(semanticTier))].sort((a, b) => a - b);
  const arms = tiers.map((tier) => {
    const keys = semanticMeasureKeys.filter((k) => set.includes(k) && semanticTier(k) === tier);
    const count = `(${keys.map((k) => `(CASE WHEN ${value(k)} IS NULL THEN 0 ELSE 1 END)`).join(' + ')})`;
    return {
      when: `${count} > 0`,
      sem: `(${keys.map((k) => `COALESCE(${value(k)}, 0::float8)`).join(' + ')}) / ${count}::float8`,
      parts: `array_remove(ARRAY[${keys.map((k) => `CASE WHEN ${value(k)} IS NOT NULL THEN '${k}' END`).join(', ')}]::text[], NULL)`,
    };
  });
  if (arms.length === 0) return { sem: 'NULL::float8', parts: `'{}'::text[]` };
  return {
    sem: `(CASE ${arms.map((a) => `WHEN ${a.when} THEN ${a.sem}`).join(' ')} END)`,
    parts: `(CASE ${arms.map((a) => `WHEN ${a.when} THEN ${a.parts}`).join(' ')} ELSE '{}'::text[] END)`,
  };
}

/**
 * The assignment of semAssignmentSql for a semantic set fixed when the statement is written (a
 * scoring job reads the set once): plain expressions instead of a subquery per row, which cost a
 * third of a scoring write, and sem, delta and semParts come out the same bit for bit
 * (semantic-set.db.test.ts). `valueOf` as in semAssignmentSql.
 */
export function semAssignmentForSetSql(
  set: readonly SemanticMeasureKey[],
  valueOf: Partial<Record<SemanticMeasureKey, string>> = {},
): string {
  if (set.length === 0) return `"sem" = NULL, "delta" = NULL, "semParts" = '{}'::text[]`;
  const { sem, parts } = semValueForSetSql(set, valueOf);
  return `"sem" = ${sem}, "delta" = ${sem} - p."syn", "semParts" = ${parts}`;
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
  if (unknown.length > 0)
    throw new RangeError(`not semantic measures: ${unknown.join(', ')} (known: ${semanticMeasureKeys.join(', ')})`);
  const set = semanticMeasureKeys.filter((k) => measures.includes(k));
  const updated = await db.$transaction(
    async (tx) => {
      await tx.corpus.update({ where: { id: corpusId }, data: { semMeasures: set } });
      return tx.$executeRawUnsafe(`UPDATE "Pair" p SET ${semAssignmentSql(2)} WHERE p."corpusId" = $1`, corpusId, set);
    },
    { timeout: 30 * 60_000 },
  );
  await refreshCorpusSummary(db, corpusId);
  return updated;
}

/** The semantic axis of a corpus from its set and a block of its stored summary (all pairs, or ST > 0.8). */
export function semanticAxisOf(semMeasures: readonly string[], block: CorpusSums['all'] | undefined): SemanticAxis {
  const counts = Object.fromEntries(semanticMeasureKeys.map((k) => [k, block?.measures[k]?.n ?? 0]));
  return describeSemanticAxis(semMeasures, counts, block?.measures.sem?.n ?? 0);
}

/** Every corpus's semantic axis over all its pairs, by corpus slug (from the stored summaries). */
export async function listSemanticAxes(db: Db): Promise<Map<string, SemanticAxis>> {
  const corpora = await db.corpus.findMany({ select: { slug: true, semMeasures: true, summary: { select: { stats: true } } } });
  return new Map(corpora.map((c) => [c.slug, semanticAxisOf(c.semMeasures, (c.summary?.stats as CorpusSums | undefined)?.all)]));
}
