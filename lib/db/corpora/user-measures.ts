/**
 * Measures a user brings to a corpus (lib/measures/user-measures.ts): a "CorpusMeasure" row per
 * name and corpus, its values in "PairScore" (deleted with it). `importScores` reads the rows of a
 * scores file, matches each to a pair of the corpus (Paralens id, original id, or the two texts'
 * content key in either order), and only when every row matched, once, writes every value in one
 * transaction (binary COPY); a name imported again has its values replaced. `userMeasureSql` is the
 * one SQL expression of a user measure's value on a pair row, used by the explorer (lib/db/pairs/pair-query.ts),
 * exports, maps, correlations and thresholds.
 */
import { from as copyFrom } from 'pg-copy-streams';
import { computePairKey } from '@/lib/pair-rows/content-keys';
import { BinaryCopyWriter } from '@/lib/pair-rows/copy-binary';
import type { FileRow } from '@/lib/import/annotation-rows';
import {
  isUserMeasureName,
  mapScoreRow,
  parseScoreColumnMap,
  parseScoreMeasures,
  type MeasureAxisName,
  type ScoreMeasure,
  type ScoreRow,
} from '@/lib/measures/user-measures';
import type { RowError } from '../imports/annotation-import';
import { inTransaction, type Queryable, type SqlClient, type SqlPool } from '../sql-pool';

export interface UserMeasure {
  id: number;
  name: string;
  description: string | null;
  source: string | null;
  axis: MeasureAxisName;
  createdAt: Date;
  createdBy: string | null;
  /** pairs with a value */
  n: number;
}

/**
 * The value of the user measure `name` on the pair row `alias` (null where the pair has none, or its
 * corpus has no measure of that name), as one scalar subquery: the pair's scores (PairScore by
 * pairId) joined to their measure by name. Names are unique per corpus and a pair has one corpus, so
 * the expression needs no corpus and serves rows of several corpora at once (explorer, exports, maps,
 * correlations, thresholds). The name is a checked identifier, written as a literal.
 */
export function userMeasureSql(name: string, alias = 'p'): string {
  if (!isUserMeasureName(name)) throw new Error(`not a user measure name: ${name}`);
  return `(SELECT s."value" FROM "PairScore" s JOIN "CorpusMeasure" m ON m."id" = s."measureId" WHERE s."pairId" = ${alias}."id" AND m."name" = '${name}')`;
}

/** Every user measure of the pair row `alias`, as a JSON object name → value (null when it has none). */
export function userMeasuresJsonSql(alias = 'p'): string {
  return `(SELECT jsonb_object_agg(m."name", s."value") FROM "PairScore" s JOIN "CorpusMeasure" m ON m."id" = s."measureId" WHERE s."pairId" = ${alias}."id")`;
}

/** The names of the user measures of these corpora (any of them), sorted. */
export async function userMeasureNames(db: Queryable, corpusIds: readonly number[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT DISTINCT "name" FROM "CorpusMeasure" WHERE "corpusId" = ANY($1::int[]) ORDER BY "name"`,
    [corpusIds],
  );
  return rows.map((r) => r.name);
}

/** The user measures marked as a map axis, per corpus id (names by axis; no values read): the maps page's axis choices. */
export async function listUserMeasureAxes(
  db: Queryable,
  corpusIds: readonly number[],
): Promise<Map<number, { syn: string[]; sem: string[] }>> {
  const { rows } = await db.query<{ corpusId: number; name: string; axis: string }>(
    `SELECT "corpusId", "name", lower("axis"::text) AS "axis" FROM "CorpusMeasure" WHERE "corpusId" = ANY($1::int[]) AND lower("axis"::text) IN ('semantic', 'syntactic') ORDER BY "name"`,
    [corpusIds],
  );
  const out = new Map(corpusIds.map((id) => [id, { syn: [] as string[], sem: [] as string[] }]));
  for (const r of rows) out.get(r.corpusId)?.[r.axis === 'semantic' ? 'sem' : 'syn'].push(r.name);
  return out;
}

/** The user measures of a corpus, by name, with how many pairs have a value. */
export async function listUserMeasures(db: Queryable, corpusId: number): Promise<UserMeasure[]> {
  const { rows } = await db.query<Omit<UserMeasure, 'axis'> & { axis: string }>(
    `SELECT m."id", m."name", m."description", m."source", lower(m."axis"::text) AS "axis", m."createdAt", u."email" AS "createdBy",
            (SELECT count(*)::int FROM "PairScore" s WHERE s."measureId" = m."id") AS "n"
     FROM "CorpusMeasure" m LEFT JOIN "User" u ON u."id" = m."createdById" WHERE m."corpusId" = $1 ORDER BY m."name"`,
    [corpusId],
  );
  return rows.map((r) => ({ ...r, axis: r.axis as MeasureAxisName }));
}

/** The user measures of the corpus with this slug, name and description only (the explorer's columns), by name. */
export async function listUserMeasureColumns(
  db: Queryable,
  slug: string,
): Promise<Array<{ name: string; description: string | null }>> {
  const { rows } = await db.query<{ name: string; description: string | null }>(
    `SELECT m."name", m."description" FROM "CorpusMeasure" m JOIN "Corpus" c ON c."id" = m."corpusId" WHERE c."slug" = $1 ORDER BY m."name"`,
    [slug],
  );
  return rows;
}

/** Who imported a user measure (null: the command line, or a deleted account); null when the corpus has none of that name. */
export async function getUserMeasureCreator(
  db: Queryable,
  corpusId: number,
  name: string,
): Promise<{ createdById: number | null } | null> {
  const { rows } = await db.query<{ createdById: number | null }>(
    `SELECT "createdById" FROM "CorpusMeasure" WHERE "corpusId" = $1 AND "name" = $2`,
    [corpusId, name],
  );
  return rows[0] ?? null;
}

/** Deletes a user measure and its values; false when the corpus has none of that name. */
export async function deleteUserMeasure(db: Queryable, corpusId: number, name: string): Promise<{ values: number } | null> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM "CorpusMeasure" WHERE "corpusId" = $1 AND "name" = $2 RETURNING "id")
     SELECT (SELECT count(*)::int FROM "PairScore" s WHERE s."measureId" IN (SELECT "id" FROM gone)) AS n FROM gone`,
    [corpusId, name],
  );
  return rows[0] ? { values: rows[0].n } : null;
}

export interface ScoresRequest {
  slug: string;
  /** `id=COL`, `pair=COL` or `a=COL,b=COL` */
  map: string;
  /** `NAME=COL[,NAME=COL]` */
  measures: string;
  /** `NAME=semantic|syntactic[,…]` */
  axes?: string;
  rows: AsyncIterable<FileRow>;
  /** the file's name, kept with the measure */
  source: string | null;
  description?: string | null;
  userId: number | null;
  /** whether a measure of that name its creator made may be replaced (default: yes; the web: its creator or an admin) */
  mayReplace?: (createdById: number | null) => boolean;
}

export interface ImportedMeasure {
  name: string;
  values: number;
  /** an earlier import of the same name was replaced */
  replaced: boolean;
}

export type ScoresOutcome =
  | { ok: true; summary: string; pairs: number; measures: ImportedMeasure[] }
  /** `map`, `measures`: the arguments do not fit; `rows`: rows listed, nothing written; `not-yours`: another's measure */
  | {
      ok: false;
      problem: 'no-corpus' | 'map' | 'measures' | 'rows' | 'empty' | 'not-yours';
      message: string;
      errors: RowError[];
    };

const rowKey = (row: ScoreRow): string =>
  'pairId' in row.pair
    ? `i:${row.pair.pairId}`
    : 'originalId' in row.pair
      ? `o:${row.pair.originalId}`
      : `k:${computePairKey(row.pair.texts[0], row.pair.texts[1])}`;

/** Pair ids of the corpus by row key (several for an original id the corpus uses more than once). */
async function matchPairs(db: Queryable, corpusId: number, keys: readonly string[]): Promise<Map<string, number[]>> {
  const of = (prefix: string) => keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(2));
  const { rows } = await db.query<{ key: string; ids: number[] }>(
    `SELECT 'i:' || p."id" AS key, ARRAY[p."id"] AS ids FROM "Pair" p WHERE p."corpusId" = $1 AND p."id" = ANY($2::int[])
     UNION ALL
     SELECT 'o:' || p."originalId", array_agg(p."id" ORDER BY p."id") FROM "Pair" p WHERE p."corpusId" = $1 AND p."originalId" = ANY($3::text[]) GROUP BY p."originalId"
     UNION ALL
     SELECT 'k:' || p."pairKey", ARRAY[p."id"] FROM "Pair" p WHERE p."corpusId" = $1 AND p."pairKey" = ANY($4::uuid[])`,
    [corpusId, of('i:').map(Number), of('o:'), of('k:')],
  );
  return new Map(rows.map((r) => [r.key, r.ids]));
}

function describePair(row: ScoreRow): string {
  return 'pairId' in row.pair
    ? `pair id ${row.pair.pairId}`
    : 'originalId' in row.pair
      ? `the original id "${row.pair.originalId}"`
      : 'these two texts (in either order)';
}

/** Each row's pair id, or what is wrong: no pair, several pairs, a pair already given on an earlier line. */
function resolveRows(rows: readonly ScoreRow[], keys: readonly string[], matches: Map<string, number[]>, slug: string) {
  const errors: RowError[] = [];
  const pairIds: number[] = [];
  const seen = new Map<number, number>();
  rows.forEach((row, i) => {
    const ids = matches.get(keys[i]!) ?? [];
    if (ids.length === 0) return errors.push({ line: row.line, message: `no pair of ${slug} has ${describePair(row)}` });
    if (ids.length > 1)
      return errors.push({
        line: row.line,
        message: `${ids.length} pairs of ${slug} have ${describePair(row)} (pairs ${ids.slice(0, 5).join(', ')}); match by id= (the pair_id of an export) instead`,
      });
    const pairId = ids[0]!;
    const earlier = seen.get(pairId);
    if (earlier !== undefined)
      return errors.push({ line: row.line, message: `pair ${pairId} already has its scores on line ${earlier}` });
    seen.set(pairId, row.line);
    pairIds.push(pairId);
  });
  return { errors, pairIds };
}

/** A measure of this name was imported by another user: the caller may not replace or delete it. */
export const notYoursMessage = (name: string) =>
  `the measure "${name}" was imported by another user: only they or an admin may replace or delete it`;

class NotYours extends Error {
  constructor(readonly measure: string) {
    super(notYoursMessage(measure));
  }
}

class RowsRefused extends Error {
  constructor(readonly errors: RowError[]) {
    super(`${errors.length} rows refused`);
  }
}

function copyBuffer(client: SqlClient, data: Buffer): Promise<void> {
  const stream = client.query(copyFrom(`COPY "PairScore" ("measureId", "pairId", "value") FROM STDIN (FORMAT binary)`));
  return new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
    stream.end(data);
  });
}

/** Creates or replaces the measures (values of a replaced one deleted) and COPYs every value. */
async function writeScores(
  client: SqlClient,
  corpusId: number,
  measures: readonly ScoreMeasure[],
  rows: readonly ScoreRow[],
  pairIds: readonly number[],
  request: ScoresRequest,
): Promise<ImportedMeasure[]> {
  const imported: ImportedMeasure[] = [];
  const writer = new BinaryCopyWriter();
  for (const [index, measure] of measures.entries()) {
    const { rows: made } = await client.query<{ id: number; replaced: boolean }>(
      `INSERT INTO "CorpusMeasure" ("corpusId", "name", "description", "source", "axis", "createdById")
       VALUES ($1, $2, $3, $4, upper($5)::"MeasureAxis", $6)
       ON CONFLICT ("corpusId", "name") DO UPDATE SET "description" = EXCLUDED."description", "source" = EXCLUDED."source", "axis" = EXCLUDED."axis",
         "createdById" = EXCLUDED."createdById", "createdAt" = now()
       RETURNING "id", (xmax <> 0) AS "replaced"`,
      [corpusId, measure.name, request.description ?? null, request.source, measure.axis, request.userId],
    );
    const { id, replaced } = made[0]!;
    if (replaced) await client.query(`DELETE FROM "PairScore" WHERE "measureId" = $1`, [id]);
    let values = 0;
    rows.forEach((row, i) => {
      const value = row.values[index];
      if (value === null || value === undefined) return;
      writer.row(3).int4(id).int4(pairIds[i]).float8(value);
      values += 1;
    });
    imported.push({ name: measure.name, values, replaced });
  }
  await copyBuffer(client, writer.finish());
  return imported;
}

function summarise(slug: string, pairs: number, measures: readonly ImportedMeasure[]): string {
  const each = measures
    .map((m) => `${m.name} (${m.values} values${m.replaced ? ', replacing the earlier import' : ''})`)
    .join(', ');
  return `Imported scores of ${pairs} pairs into ${slug}: ${each}.`;
}

/** Reads, checks and writes a scores file: every value or none (docs/import-formats.md#scores). */
export async function importScores(pool: SqlPool, request: ScoresRequest): Promise<ScoresOutcome> {
  const refuse = (problem: 'no-corpus' | 'map' | 'measures' | 'empty', message: string): ScoresOutcome => ({
    ok: false,
    problem,
    message,
    errors: [],
  });
  const rowsFailed = (errors: RowError[]): ScoresOutcome => ({
    ok: false,
    problem: 'rows',
    message: `${errors.length} row${errors.length === 1 ? '' : 's'} could not be imported; nothing was written`,
    errors: [...errors].sort((a, b) => a.line - b.line),
  });
  const { rows: corpora } = await pool.query<{ id: number }>(`SELECT "id" FROM "Corpus" WHERE "slug" = $1`, [request.slug]);
  const corpus = corpora[0];
  if (!corpus) return refuse('no-corpus', `no corpus has the slug "${request.slug}"`);
  const map = parseScoreColumnMap(request.map);
  if (!map.ok) return refuse('map', map.error);
  const measures = parseScoreMeasures(request.measures, request.axes ?? '');
  if (!measures.ok) return refuse('measures', measures.error);
  const rows: ScoreRow[] = [];
  const errors: RowError[] = [];
  for await (const row of request.rows) {
    if ('error' in row) errors.push({ line: row.line, message: row.error });
    else {
      const mapped = mapScoreRow(row.cells, row.line, map.value, measures.value);
      if (mapped.ok) rows.push(mapped.row);
      else errors.push({ line: mapped.line, message: mapped.message });
    }
  }
  if (errors.length > 0) return rowsFailed(errors);
  if (rows.length === 0) return refuse('empty', 'the file has no rows');
  try {
    return await inTransaction(pool, async (client): Promise<ScoresOutcome> => {
      // one import of a corpus's scores at a time (a second waits, then replaces)
      await client.query(`SELECT 1 FROM "Corpus" WHERE "id" = $1 FOR NO KEY UPDATE`, [corpus.id]);
      const names = measures.value.map((m) => m.name);
      const { rows: existing } = await client.query<{ name: string; createdById: number | null }>(
        `SELECT "name", "createdById" FROM "CorpusMeasure" WHERE "corpusId" = $1 AND "name" = ANY($2::text[])`,
        [corpus.id, names],
      );
      const theirs = existing.find((m) => !(request.mayReplace?.(m.createdById) ?? true));
      if (theirs) throw new NotYours(theirs.name);
      const keys = rows.map(rowKey);
      const matches = await matchPairs(client, corpus.id, [...new Set(keys)]);
      const resolved = resolveRows(rows, keys, matches, request.slug);
      if (resolved.errors.length > 0) throw new RowsRefused(resolved.errors);
      const imported = await writeScores(client, corpus.id, measures.value, rows, resolved.pairIds, request);
      return { ok: true, summary: summarise(request.slug, rows.length, imported), pairs: rows.length, measures: imported };
    });
  } catch (error) {
    if (error instanceof RowsRefused) return rowsFailed(error.errors);
    if (error instanceof NotYours) return { ok: false, problem: 'not-yours', message: error.message, errors: [] };
    throw error;
  }
}
