/** Per-corpus statistics of the measures and lengths, aggregated in SQL (never row by row in JS). */
import { Prisma } from './generated/client';
import type { Db } from './client';
import { measureKeys, type MeasureKey } from '@/lib/measures/catalog';

export interface MeasureSummary {
  key: MeasureKey;
  n: number;
  mean: number | null;
  sd: number | null;
  min: number | null;
  max: number | null;
}

export interface CorpusStats {
  pairs: number;
  meanLength: number | null;
  sdLength: number | null;
  measures: MeasureSummary[];
}

type Row = Record<string, number | null | bigint>;

function toNumber(value: number | bigint | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'bigint' ? Number(value) : Number(value);
}

/** One scan of the corpus's pairs computes every measure's n, mean, sd (sample), min and max. */
export async function getCorpusStats(db: Db, corpusId: number): Promise<CorpusStats> {
  // Column names come from the fixed catalogue, never from input.
  const parts = measureKeys.map((k) => {
    const col = Prisma.raw(`"${k}"`);
    return Prisma.sql`count(${col})::int AS ${Prisma.raw(`"${k}_n"`)}, avg(${col})::float8 AS ${Prisma.raw(`"${k}_mean"`)},
      stddev_samp(${col})::float8 AS ${Prisma.raw(`"${k}_sd"`)}, min(${col})::float8 AS ${Prisma.raw(`"${k}_min"`)},
      max(${col})::float8 AS ${Prisma.raw(`"${k}_max"`)}`;
  });
  const rows = await db.$queryRaw<Row[]>`
    SELECT count(*)::int AS "pairs",
           avg(("lengthA" + "lengthB") / 2.0)::float8 AS "meanLength",
           stddev_samp(("lengthA" + "lengthB") / 2.0)::float8 AS "sdLength",
           ${Prisma.join(parts, ', ')}
    FROM "Pair" WHERE "corpusId" = ${corpusId}`;
  const row = rows[0] ?? {};
  return {
    pairs: toNumber(row.pairs) ?? 0,
    meanLength: toNumber(row.meanLength),
    sdLength: toNumber(row.sdLength),
    measures: measureKeys.map((key) => ({
      key,
      n: toNumber(row[`${key}_n`]) ?? 0,
      mean: toNumber(row[`${key}_mean`]),
      sd: toNumber(row[`${key}_sd`]),
      min: toNumber(row[`${key}_min`]),
      max: toNumber(row[`${key}_max`]),
    })),
  };
}
