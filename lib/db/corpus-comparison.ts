/**
 * The corpus comparison of paper Table 7: per corpus, pair count, share with ST > 0.8, length
 * and the mean and sd of each measure, optionally restricted to pairs with ST > 0.8. One SQL query.
 */
import { Prisma } from './generated/client';
import type { Db } from './client';
import { table7MeasureKeys, type MeasureKey } from '@/lib/measures/catalog';

type ComparisonMeasure = MeasureKey;

export interface CorpusComparisonRow {
  corpusId: number;
  name: string;
  slug: string;
  n: number;
  stAbove08Share: number | null;
  lengthMean: number | null;
  lengthSd: number | null;
  means: Partial<Record<ComparisonMeasure, number | null>>;
  sds: Partial<Record<ComparisonMeasure, number | null>>;
}

/** The paper's semantic threshold for "paraphrase" (precision 0.82 / recall 0.77 on MSRPC). */
export const ST_PARAPHRASE_THRESHOLD = 0.8;

type Raw = Record<string, unknown> & { corpusId: number; name: string; slug: string; n: number };

export async function listCorpusComparison(db: Db, options: { onlyStAbove08: boolean }): Promise<CorpusComparisonRow[]> {
  const cols = table7MeasureKeys.map((k) => {
    const c = Prisma.raw(`p."${k}"`);
    return Prisma.sql`avg(${c})::float8 AS ${Prisma.raw(`"${k}_mean"`)}, stddev_samp(${c})::float8 AS ${Prisma.raw(`"${k}_sd"`)}`;
  });
  const filter = options.onlyStAbove08 ? Prisma.sql`AND p."st" > ${ST_PARAPHRASE_THRESHOLD}` : Prisma.empty;
  const rows = await db.$queryRaw<Raw[]>`
    SELECT c."id" AS "corpusId", c."name", c."slug", count(p."id")::int AS "n",
           s."share" AS "stAbove08Share",
           avg((p."lengthA" + p."lengthB") / 2.0)::float8 AS "lengthMean",
           stddev_samp((p."lengthA" + p."lengthB") / 2.0)::float8 AS "lengthSd",
           ${Prisma.join(cols, ', ')}
    FROM "Corpus" c
    LEFT JOIN (
      SELECT "corpusId", (count(*) FILTER (WHERE "st" > ${ST_PARAPHRASE_THRESHOLD}))::float8 / NULLIF(count("st"), 0) AS "share"
      FROM "Pair" GROUP BY "corpusId"
    ) s ON s."corpusId" = c."id"
    LEFT JOIN "Pair" p ON p."corpusId" = c."id" ${filter}
    GROUP BY c."id", s."share" ORDER BY c."name"`;
  return rows.map((r) => {
    const means: Partial<Record<ComparisonMeasure, number | null>> = {};
    const sds: Partial<Record<ComparisonMeasure, number | null>> = {};
    for (const k of table7MeasureKeys) {
      means[k] = (r[`${k}_mean`] as number | null) ?? null;
      sds[k] = (r[`${k}_sd`] as number | null) ?? null;
    }
    return {
      corpusId: r.corpusId,
      name: r.name,
      slug: r.slug,
      n: r.n,
      stAbove08Share: (r.stAbove08Share as number | null) ?? null,
      lengthMean: (r.lengthMean as number | null) ?? null,
      lengthSd: (r.lengthSd as number | null) ?? null,
      means,
      sds,
    };
  });
}
