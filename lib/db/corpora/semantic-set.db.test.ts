/**
 * The scoring writes' plain sem expression (semAssignmentForSetSql) gives exactly what the per-row
 * subquery (semAssignmentSql, used when a corpus's set changes) gives: on every pattern of present
 * and missing semantic measures, for several sets, bit for bit.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { semanticMeasureKeys, type SemanticMeasureKey } from '@/lib/measures/catalog';
import { createRandom } from '@/lib/stats/random';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { semAssignmentForSetSql, semAssignmentSql } from './semantic-set';

const SETS: SemanticMeasureKey[][] = [
  [...semanticMeasureKeys],
  ['st', 'wordnet'],
  ['wmsGlove', 'gloveCosine', 'wordnet'],
  ['wms', 'bertscore', 'st'],
  ['gloveCosine'],
  [],
];

describe('semAssignmentForSetSql', () => {
  it('gives the same sem, delta and semParts as the subquery for every pattern of missing measures', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const random = createRandom(20);
    // all 64 patterns of the six semantic measures, with values whose sums round
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 64 }, (_, pattern) => ({
        a: `left ${pattern}`,
        b: `right ${pattern}`,
        measures: {
          syn: random.nextFloat(),
          ...Object.fromEntries(
            semanticMeasureKeys.flatMap((k, i) => ((pattern >> i) & 1 ? [[k, random.nextFloat() / 3 + 0.1]] : [])),
          ),
        },
      })),
    );
    const read = () =>
      db.$queryRawUnsafe<Array<{ id: number; sem: number | null; delta: number | null; semParts: string[] }>>(
        `SELECT "id", "sem", "delta", "semParts" FROM "Pair" WHERE "corpusId" = $1 ORDER BY "id"`,
        corpus.id,
      );
    const cases: Array<[SemanticMeasureKey[], Partial<Record<SemanticMeasureKey, string>>]> = [
      ...SETS.map((set) => [set, {}] as [SemanticMeasureKey[], Partial<Record<SemanticMeasureKey, string>>]),
      // as a scoring write fills in a measure: the value being written stands in for the column
      [
        [...semanticMeasureKeys],
        { wmsGlove: `COALESCE(p."wmsGlove", 0.123456789::float8)`, wordnet: `COALESCE(p."wordnet", 0.7::float8)` },
      ],
    ];
    for (const [set, valueOf] of cases) {
      await db.$executeRawUnsafe(`UPDATE "Pair" p SET ${semAssignmentSql(2, valueOf)} WHERE p."corpusId" = $1`, corpus.id, set);
      const bySubquery = await read();
      await db.$executeRawUnsafe(
        `UPDATE "Pair" SET "sem" = -1, "delta" = -1, "semParts" = '{x}' WHERE "corpusId" = $1`,
        corpus.id,
      );
      await db.$executeRawUnsafe(
        `UPDATE "Pair" p SET ${semAssignmentForSetSql(set, valueOf)} WHERE p."corpusId" = $1`,
        corpus.id,
      );
      const byExpressions = await read();
      expect([set, byExpressions]).toEqual([set, bySubquery]);
      expect(bySubquery.some((r) => r.sem !== null)).toBe(set.length > 0);
    }
  });
});
