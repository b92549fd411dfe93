/**
 * The stored summary of a corpus (CorpusSummary): pair and text counts and the sums of every
 * measure (lib/pair-rows/corpus-sums.ts). An import adds the sums of the pairs it wrote in its own
 * transaction; anything else that changes pairs recomputes them with one scan. Pages, the corpus
 * list and the corpus comparison read this row instead of scanning "Pair" (2 million pairs: a
 * scan costs seconds, the row a millisecond).
 */
import type { Db } from '../client';
import type { Prisma } from '../generated/client';
import { measureKeys, ST_PARAPHRASE_THRESHOLD, type MeasureKey } from '@/lib/measures/catalog';
import { emptyMap, type CharacteristicMap } from '@/lib/dashboards/characteristic-map';
import {
  emptyCorpusSums,
  isReferenceCounts,
  mergeCorpusSums,
  type CorpusSums,
  type MeasureSums,
  type ReferenceCounts,
  type SumsBlock,
} from '@/lib/pair-rows/corpus-sums';
import { MAP_BINS } from '@/lib/sampling/strata';

/** Runs SQL with positional parameters on a Prisma client or a pg connection (inside a transaction). */
export type Query = (sql: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

export function prismaQuery(db: Db): Query {
  return (sql, params) => db.$queryRawUnsafe<Array<Record<string, unknown>>>(sql, ...params);
}

export interface SummaryTotals {
  pairs: number;
  texts: number;
  sums: CorpusSums;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

// Column names come from the fixed catalogue, never from input.
const valueColumns: Array<[string, string]> = [
  ['length', '("lengthA" + "lengthB") / 2.0'],
  ...measureKeys.map((k): [string, string] => [k, `"${k}"`]),
];

function aggregates(prefix: string, filter: string): string {
  const parts = [`count(*) ${filter} AS "${prefix}_pairs"`];
  for (const [name, expr] of valueColumns) {
    const x = `(${expr})::float8`;
    parts.push(
      `count(${x}) ${filter} AS "${prefix}_${name}_n"`,
      `avg(${x}) ${filter} AS "${prefix}_${name}_mean"`,
      `var_pop(${x}) ${filter} * count(${x}) ${filter} AS "${prefix}_${name}_m2"`,
      `min(${x}) ${filter} AS "${prefix}_${name}_min"`,
      `max(${x}) ${filter} AS "${prefix}_${name}_max"`,
    );
  }
  return parts.join(',\n');
}

const SCAN_SQL = `SELECT ${aggregates('a', '')},
  ${aggregates('s', `FILTER (WHERE "st" > ${ST_PARAPHRASE_THRESHOLD})`)},
  count("referenceScore") AS "reference_scores", count("referenceIsParaphrase") AS "reference_labels",
  (SELECT count(*) FROM "Text" WHERE "corpusId" = $1) AS "texts"
FROM "Pair" WHERE "corpusId" = $1`;

/** The reference counts alone, for a summary stored before they were kept. */
const REFERENCE_SCAN_SQL = `SELECT count("referenceScore") AS "reference_scores", count("referenceIsParaphrase") AS "reference_labels"
FROM "Pair" WHERE "corpusId" = $1`;

const readReferences = (row: Record<string, unknown>): ReferenceCounts => ({
  scores: num(row.reference_scores),
  labels: num(row.reference_labels),
});

/** The reference counts counted over the corpus's pairs (a summary stored before it kept them). */
export async function scanReferenceCounts(query: Query, corpusId: number): Promise<ReferenceCounts> {
  return readReferences((await query(REFERENCE_SCAN_SQL, [corpusId]))[0] ?? {});
}

function readBlock(row: Record<string, unknown>, prefix: string): SumsBlock {
  const read = (name: string): MeasureSums => ({
    n: num(row[`${prefix}_${name}_n`]),
    mean: num(row[`${prefix}_${name}_mean`]),
    m2: num(row[`${prefix}_${name}_m2`]),
    min: numOrNull(row[`${prefix}_${name}_min`]),
    max: numOrNull(row[`${prefix}_${name}_max`]),
  });
  const measures = Object.fromEntries(measureKeys.map((k) => [k, read(k)])) as Record<MeasureKey, MeasureSums>;
  return { pairs: num(row[`${prefix}_pairs`]), length: read('length'), measures };
}

/**
 * The map cell of one axis, as lib/sampling/strata.ts mapBinOf computes it (the same double
 * arithmetic); NULL stays NULL (GREATEST and LEAST would skip it).
 */
export const mapBinSql = (value: string) =>
  `CASE WHEN ${value} IS NULL THEN NULL ELSE GREATEST(0, LEAST(${MAP_BINS - 1}, floor(${value} * ${MAP_BINS}::float8)))::int END`;
const mapBin = (column: string) => mapBinSql(`"${column}"`);

/** The characteristic map of syn × sem in SQL: NULL bins are the pairs counted apart. */
export const MAP_SCAN_SQL = `SELECT ${mapBin('syn')} AS x, ${mapBin('sem')} AS y, count(*)::int AS n
  FROM "Pair" WHERE "corpusId" = $1 GROUP BY 1, 2`;

export function readMapRows(rows: Array<Record<string, unknown>>): CharacteristicMap {
  const map = emptyMap();
  for (const r of rows) {
    if (r.x === null || r.y === null) map.missing += num(r.n);
    else map.cells[num(r.x)]![num(r.y)]! += num(r.n);
  }
  return map;
}

/** One scan of the corpus's pairs (and a count of its texts), plus the grouped scan of its map. */
export async function scanCorpusTotals(query: Query, corpusId: number): Promise<SummaryTotals> {
  const [row = {}] = await query(SCAN_SQL, [corpusId]);
  const map = readMapRows(await query(MAP_SCAN_SQL, [corpusId]));
  const sums = { all: readBlock(row, 'a'), stAbove: readBlock(row, 's'), map, references: readReferences(row) };
  return { pairs: sums.all.pairs, texts: num(row.texts), sums };
}

export async function writeCorpusSummary(query: Query, corpusId: number, totals: SummaryTotals): Promise<void> {
  await query(
    `INSERT INTO "CorpusSummary" ("corpusId", "pairs", "texts", "stats", "updatedAt") VALUES ($1, $2, $3, $4::jsonb, now())
     ON CONFLICT ("corpusId") DO UPDATE SET "pairs" = EXCLUDED."pairs", "texts" = EXCLUDED."texts", "stats" = EXCLUDED."stats", "updatedAt" = now()`,
    [corpusId, totals.pairs, totals.texts, JSON.stringify(totals.sums)],
  );
}

/**
 * Adds what an import wrote to the stored summary, in the import's transaction (the row is locked
 * until it commits). `wasEmpty`: the corpus had no pairs or texts when the import began, so the
 * import's own sums are the corpus's sums. A corpus with rows but no summary (data from before
 * summaries existed) is scanned once.
 */
export async function addToCorpusSummary(query: Query, corpusId: number, added: SummaryTotals, wasEmpty: boolean): Promise<void> {
  const [stored] = await query('SELECT "pairs", "texts", "stats" FROM "CorpusSummary" WHERE "corpusId" = $1 FOR UPDATE', [
    corpusId,
  ]);
  if (stored) {
    const sums = mergeCorpusSums(stored.stats as CorpusSums, added.sums);
    // A summary stored before maps existed: its map is rebuilt with one scan, once.
    if (!sums.map) sums.map = readMapRows(await query(MAP_SCAN_SQL, [corpusId]));
    // Likewise its counts of the corpus's own judgements.
    if (!sums.references) sums.references = await scanReferenceCounts(query, corpusId);
    await writeCorpusSummary(query, corpusId, {
      pairs: num(stored.pairs) + added.pairs,
      texts: num(stored.texts) + added.texts,
      sums,
    });
  } else {
    await writeCorpusSummary(query, corpusId, wasEmpty ? added : await scanCorpusTotals(query, corpusId));
  }
}

/** Recomputes the summary from the pairs: after changes other than imports (scoring, tests' factories). */
export async function refreshCorpusSummary(db: Db, corpusId: number): Promise<SummaryTotals> {
  const query = prismaQuery(db);
  const totals = await scanCorpusTotals(query, corpusId);
  await writeCorpusSummary(query, corpusId, totals);
  return totals;
}

/** Summaries for corpora that have none yet (created before summaries existed); returns how many. */
export async function ensureCorpusSummaries(db: Db): Promise<number> {
  const missing = await db.$queryRaw<Array<{ id: number }>>`
    SELECT c."id" FROM "Corpus" c WHERE NOT EXISTS (SELECT 1 FROM "CorpusSummary" s WHERE s."corpusId" = c."id")`;
  for (const { id } of missing) await refreshCorpusSummary(db, id);
  return missing.length;
}

/** The stored totals of a corpus (computed once if it has none, or none with a map and reference counts). */
export async function getCorpusTotals(db: Db, corpusId: number): Promise<SummaryTotals> {
  const row = await db.corpusSummary.findUnique({ where: { corpusId }, select: { pairs: true, texts: true, stats: true } });
  const stats = row?.stats as Partial<CorpusSums> | undefined;
  if (!row || !stats?.map || !isReferenceCounts(stats.references)) return refreshCorpusSummary(db, corpusId);
  return { pairs: row.pairs, texts: row.texts, sums: row.stats as unknown as CorpusSums };
}

/** The stats of a new, empty corpus. */
export function emptySummaryStats(): Prisma.InputJsonObject {
  return emptyCorpusSums() as unknown as Prisma.InputJsonObject;
}
