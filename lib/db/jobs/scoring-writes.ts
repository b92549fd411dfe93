/**
 * The pair side of scoring jobs: which pairs of a corpus still lack a measure (read in id order,
 * after a resume point), the texts they need, and writing a batch of scores together with the
 * pairs' recomputed sem, delta and semParts in one statement. A value is only ever filled in,
 * never overwritten: imported scores stay as they came.
 */
import type { Db } from '../client';
import { semAssignmentForSetSql } from '../corpora/semantic-set';
import { isSemanticMeasureKey, type SemanticMeasureKey } from '@/lib/measures/catalog';

export interface PairToScore {
  id: number;
  textAId: number;
  textBId: number;
  /** the requested measures this pair lacks */
  missing: SemanticMeasureKey[];
}

function columns(measures: readonly SemanticMeasureKey[]): string[] {
  // Column names come from the fixed catalogue, never from input.
  return measures.map((m) => {
    if (!isSemanticMeasureKey(m)) throw new RangeError(`not a semantic measure: ${String(m)}`);
    return `"${m}"`;
  });
}

/** Pairs of the corpus after `afterId` lacking any of `measures`. */
export async function countPairsToScore(
  db: Db,
  corpusId: number,
  measures: readonly SemanticMeasureKey[],
  afterId = 0,
): Promise<number> {
  if (measures.length === 0) return 0;
  const rows = await db.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM "Pair" WHERE "corpusId" = $1 AND "id" > $2 AND (${columns(measures)
      .map((c) => `${c} IS NULL`)
      .join(' OR ')})`,
    corpusId,
    afterId,
  );
  return rows[0]?.n ?? 0;
}

/** The next `limit` pairs after `afterId` (id order) lacking any of `measures`. */
export async function readPairsToScore(
  db: Db,
  corpusId: number,
  measures: readonly SemanticMeasureKey[],
  afterId: number,
  limit: number,
): Promise<PairToScore[]> {
  const cols = columns(measures);
  const rows = await db.$queryRawUnsafe<Array<{ id: number; textAId: number; textBId: number; missing: string[] }>>(
    `SELECT "id", "textAId", "textBId",
       array_remove(ARRAY[${cols.map((c, i) => `CASE WHEN ${c} IS NULL THEN '${measures[i]}' END`).join(', ')}]::text[], NULL) AS "missing"
     FROM "Pair" WHERE "corpusId" = $1 AND "id" > $2 AND (${cols.map((c) => `${c} IS NULL`).join(' OR ')})
     ORDER BY "id" LIMIT $3`,
    corpusId,
    afterId,
    limit,
  );
  return rows.map((r) => ({ ...r, missing: r.missing.filter(isSemanticMeasureKey) }));
}

/** Contents of the given texts of the corpus. */
export async function readTexts(db: Db, corpusId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<Array<{ id: number; content: string }>>`
    SELECT "id", "content" FROM "Text" WHERE "corpusId" = ${corpusId} AND "id" = ANY(${[...ids]}::int[])`;
  return new Map(rows.map((r) => [r.id, r.content]));
}

/** Every text of the corpus, `batch` at a time (for the vocabulary WMS needs vectors for). */
export async function* streamCorpusTexts(db: Db, corpusId: number, batch = 10_000): AsyncGenerator<string[]> {
  let after = 0;
  for (;;) {
    const rows = await db.$queryRaw<Array<{ id: number; content: string }>>`
      SELECT "id", "content" FROM "Text" WHERE "corpusId" = ${corpusId} AND "id" > ${after} ORDER BY "id" LIMIT ${batch}`;
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    yield rows.map((r) => r.content);
  }
}

export interface PairScores {
  id: number;
  values: Partial<Record<SemanticMeasureKey, number>>;
}

/**
 * Fills in the given scores (NULL columns only) and recomputes the pairs' sem, delta and semParts
 * with the corpus's semantic set: one UPDATE statement, so one implicit transaction with no time
 * limit (a batch that waits for a row lock just waits), and idempotent, so a batch whose outcome
 * was lost with its connection can simply be written again (lib/db/retry.ts).
 */
export async function writePairScores(
  db: Db,
  corpusId: number,
  measures: readonly SemanticMeasureKey[],
  scores: readonly PairScores[],
  semMeasures: readonly string[],
): Promise<void> {
  if (scores.length === 0) return;
  const cols = columns(measures);
  const ids = scores.map((s) => s.id);
  const arrays = measures.map((m) => scores.map((s) => s.values[m] ?? null));
  const unnest = ['$2::int[]', ...measures.map((_, i) => `$${i + 3}::float8[]`)].join(', ');
  const filled = cols.map((c, i) => `COALESCE(p.${c}, v.m${i})`);
  // sem in plain expressions for the set read at the job's start (a subquery per row cost a third of the write)
  const set = semMeasures.filter(isSemanticMeasureKey);
  const sql = `UPDATE "Pair" p SET ${cols.map((c, i) => `${c} = ${filled[i]}`).join(', ')},
      ${semAssignmentForSetSql(set, Object.fromEntries(measures.map((m, i) => [m, filled[i]])))}
    FROM unnest(${unnest}) AS v(id, ${measures.map((_, i) => `m${i}`).join(', ')})
    WHERE p."id" = v.id AND p."corpusId" = $1`;
  await db.$executeRawUnsafe(sql, corpusId, ids, ...arrays);
}
