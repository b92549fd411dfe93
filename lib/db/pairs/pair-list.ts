/**
 * Runs PairFilters (lib/explore/pair-filter.ts) through the statements of lib/db/pairs/pair-query.ts on
 * the plain pg pool: one page with its next cursor, the total, and a stream of every selected row in
 * keyset batches inside one read-only snapshot (exports: exactly the rows of the view, constant
 * memory). Names in the filter (corpus and campaign slugs) are resolved here; unknown ones are 400s.
 * Which plan a page is read with: pair-plans.ts.
 */
import { AppError } from '@/lib/errors/app-error';
import { cursorAfter, encodePairCursor } from '@/lib/explore/pair-cursor';
import type { PairFilter } from '@/lib/explore/pair-filter';
import type { PairTotal } from '@/lib/explore/pair-total';
import type { MeasureValues } from '@/lib/measures/catalog';
import { isUserMeasureKey, userMeasureName } from '@/lib/measures/user-measures';
import { estimateMatches, planFor, type ListOptions, type PlannedFilter } from './pair-plans';
import { measureValueSql, otherTextTypeSql, textProbeSql, type ResolvedPairFilter } from './pair-conditions';
import { pairCountSql, pairCountUpToSql, pairPageSql } from './pair-query';
import { userMeasureNames } from '../corpora/user-measures';
import type { Queryable, SqlPool } from '../sql-pool';

/**
 * Up to this many matching texts, q/type filters become a list of text ids (a walk then reads the sort
 * index alone, which holds the text ids); beyond it the term is common and each candidate row's texts
 * are checked while scanning in order (docs/decisions/009: 1,000 left 1,111 texts at 0.8 s a page).
 */
export const TEXT_ID_LIMIT = 5000;

/** Counts beside a page are exact up to this many matches, estimated above (docs/decisions/009). */
export const EXACT_COUNT_LIMIT = 10_000;

export type PairListRow = {
  id: number;
  corpusId: number;
  corpus: string;
  a: string;
  b: string;
  typeA: 'CAPTION' | 'ALT_TEXT' | 'SENTENCE';
  typeB: 'CAPTION' | 'ALT_TEXT' | 'SENTENCE';
  originalId: string | null;
  referenceLabel: string | null;
  referenceScore: number | null;
  lengthA: number;
  lengthB: number;
  /** the pair's user measures, name → value (null: none) */
  userMeasures: Record<string, number> | null;
} & MeasureValues;

/** A row's value of a sort key (the keyset cursor after it). */
export function sortValueOf(row: PairListRow, key: PairFilter['sort']['key']): number | null {
  if (key === 'id') return null;
  return isUserMeasureKey(key) ? (row.userMeasures?.[userMeasureName(key)] ?? null) : row[key];
}

export interface PairPage {
  rows: PairListRow[];
  /** null on the last page */
  nextCursor: string | null;
}

function invalid(field: string, message: string): AppError {
  return new AppError('INVALID_INPUT', `Invalid query: ${field} ${message}`, { fields: { [field]: message } });
}

/** Corpus and campaign slugs to ids (400 for unknown ones), tiers applied, text matches probed. */
export async function resolvePairFilter(
  db: Queryable,
  filter: PairFilter,
  options: ListOptions = {},
): Promise<ResolvedPairFilter> {
  const corpora = await db.query<{ id: number; slug: string; tier: string; pairs: number }>(
    `SELECT c."id", c."slug", c."tier"::text AS "tier", COALESCE(s."pairs", 0) AS "pairs" FROM "Corpus" c LEFT JOIN "CorpusSummary" s ON s."corpusId" = c."id"
     WHERE cardinality($1::text[]) = 0 OR c."slug" = ANY($1::text[]) ORDER BY c."id"`,
    [filter.corpora],
  );
  const unknown = filter.corpora.filter((slug) => !corpora.rows.some((c) => c.slug === slug));
  if (unknown.length > 0) throw invalid('corpus', `names no corpus: ${unknown.join(', ')}`);
  const chosen = corpora.rows.filter((c) => filter.tiers.length === 0 || (filter.tiers as string[]).includes(c.tier));
  const corpusIds = chosen.map((c) => c.id);
  let campaignId: number | null = null;
  if (filter.campaign !== null) {
    const campaign = await db.query<{ id: number }>(`SELECT "id" FROM "Campaign" WHERE "slug" = $1`, [filter.campaign]);
    if (!campaign.rows[0]) throw invalid('campaign', `names no campaign: ${filter.campaign}`);
    campaignId = campaign.rows[0].id;
  }
  const userKeys = [...new Set([...filter.ranges.map((r) => r.key), filter.sort.key].filter(isUserMeasureKey))];
  if (userKeys.length > 0) {
    const names = new Set(await userMeasureNames(db, corpusIds));
    const missing = userKeys.filter((k) => !names.has(userMeasureName(k)));
    if (missing.length > 0)
      throw invalid(
        missing[0]!,
        `names no measure of your own in ${filter.corpora.length > 0 ? filter.corpora.join(', ') : 'any corpus'} (import one with paralens import-scores)`,
      );
  }
  const resolved: ResolvedPairFilter = {
    filter,
    corpusIds,
    campaignId,
    textIds: null,
    pairs: chosen.reduce((n, c) => n + c.pairs, 0),
  };
  if ((filter.q !== null || filter.types.length > 0) && corpusIds.length > 0) {
    const limit = options.textIdLimit ?? TEXT_ID_LIMIT;
    const probe = textProbeSql(resolved, limit + 1);
    const texts = await db.query<{ id: number }>(probe.text, probe.values);
    if (texts.rows.length <= limit) resolved.textIds = texts.rows.map((t) => t.id);
    else if (filter.types.length > 0) {
      // many texts match; if none of another type exists the type filter keeps every pair (type=CAPTION)
      const others = otherTextTypeSql(resolved);
      if ((await db.query(others.text, others.values)).rows.length === 0) resolved.filter = { ...filter, types: [] };
    }
  }
  return resolved;
}

type RawRow = PairListRow & { sv: number | null };

async function fetchRows(
  db: Queryable,
  planned: PlannedFilter,
  limit: number,
  backward = false,
): Promise<{ rows: RawRow[]; more: boolean }> {
  const sql = pairPageSql(planned, limit + 1, backward, planned.plan);
  const result = await db.query<RawRow & { edge?: boolean }>(sql.text, sql.values);
  if (planned.walkBudget !== undefined && result.rows.some((row) => row.edge)) {
    // the walk reached its budget before the page was full: the page from the other plan
    const { walkBudget: _budget, fallback, idSetRanges: _ranges, ...rest } = planned;
    return fetchRows(db, { ...rest, ...(fallback ?? { plan: 'matches' }) }, limit, backward);
  }
  const rows = result.rows.map(({ edge: _edge, ...row }) => row).slice(0, limit);
  return { rows: backward ? rows.reverse() : rows, more: result.rows.length > limit };
}

const cursorOf = (filter: PairFilter, row: RawRow | undefined) =>
  row ? encodePairCursor(cursorAfter(filter.sort, { id: row.id, value: row.sv })) : null;
const withoutSortValue = (rows: RawRow[]): PairListRow[] => rows.map(({ sv: _sv, ...row }) => row);

async function fetchPage(db: Queryable, planned: PlannedFilter, limit: number): Promise<PairPage> {
  const { rows, more } = await fetchRows(db, planned, limit);
  return { rows: withoutSortValue(rows), nextCursor: more ? cursorOf(planned.filter, rows.at(-1)) : null };
}

/** The filter resolved and its pages' plan (bench:explore explains the page statements). */
export async function planPage(db: Queryable, filter: PairFilter, options: ListOptions = {}): Promise<PlannedFilter> {
  return planFor(db, await resolvePairFilter(db, filter, options), options);
}

/** One page of the view (filter.limit rows after filter.cursor). */
export async function listPairPage(db: Queryable, filter: PairFilter, options: ListOptions = {}): Promise<PairPage> {
  const planned = await planFor(db, await resolvePairFilter(db, filter, options), options);
  return fetchPage(db, planned, filter.limit);
}

export interface ViewPage extends PairPage {
  /** cursor to page backward from (the first row), null on the first page */
  prevCursor: string | null;
}

/**
 * The explorer's page: forward from filter.cursor, or (`backward`) the filter.limit rows before it,
 * in view order either way, with cursors to both neighbours.
 */
export async function listViewPage(
  db: Queryable,
  filter: PairFilter,
  backward: boolean,
  options: ListOptions = {},
): Promise<ViewPage> {
  const planned = await planFor(db, await resolvePairFilter(db, filter, options), options);
  const { rows, more } = await fetchRows(db, planned, filter.limit, backward);
  const hasPrev = backward ? more : filter.cursor !== null && rows.length > 0;
  const hasNext = backward ? rows.length > 0 : more;
  return {
    rows: withoutSortValue(rows),
    prevCursor: hasPrev ? cursorOf(filter, rows[0]) : null,
    nextCursor: hasNext ? cursorOf(filter, rows.at(-1)) : null,
  };
}

/** The pairs before and after `pairId` in the view (pair pages' previous / next), null at either end. */
export async function findNeighbourPairs(
  db: Queryable,
  filter: PairFilter,
  pairId: number,
  options: ListOptions = {},
): Promise<{ prev: number | null; next: number | null }> {
  const key = filter.sort.key;
  const own = await db.query<{ v: number | null }>(
    `SELECT ${key === 'id' ? 'NULL::float8' : measureValueSql(key)} AS v FROM "Pair" p WHERE p."id" = $1`,
    [pairId],
  );
  if (!own.rows[0]) return { prev: null, next: null };
  const resolved = await resolvePairFilter(
    db,
    { ...filter, cursor: cursorAfter(filter.sort, { id: pairId, value: own.rows[0].v }) },
    options,
  );
  const planned = await planFor(db, resolved, options);
  const [before, after] = await Promise.all([fetchRows(db, planned, 1, true), fetchRows(db, planned, 1)]);
  return { prev: before.rows[0]?.id ?? null, next: after.rows[0]?.id ?? null };
}

/** How many pairs the filter selects (cursor and limit ignored), exactly (jobs and exports; can read every match). */
export async function countPairs(db: Queryable, filter: PairFilter, options: ListOptions = {}): Promise<number> {
  const resolved = await resolvePairFilter(db, filter, options);
  const sql = pairCountSql(resolved);
  const result = await db.query<{ n: string }>(sql.text, sql.values);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * The count shown beside a page, never dearer than the page: exact while few pairs match (a count
 * that stops after `exactCountLimit` + 1), else the planner's estimate, marked as one.
 */
export async function countPairsForPage(db: Queryable, filter: PairFilter, options: ListOptions = {}): Promise<PairTotal> {
  const resolved = await resolvePairFilter(db, filter, options);
  const limit = options.exactCountLimit ?? EXACT_COUNT_LIMIT;
  const estimate = await estimateMatches(db, resolved);
  if (estimate === null) return { value: 0, estimated: false };
  if (estimate <= limit) {
    const sql = pairCountUpToSql(resolved, limit);
    const result = await db.query<{ n: string }>(sql.text, sql.values);
    const n = Number(result.rows[0]?.n ?? 0);
    if (n <= limit) return { value: n, estimated: false };
  }
  return { value: Math.max(estimate, limit + 1), estimated: true };
}

/**
 * Every row the filter selects, from its cursor on, in the view's order, as batches of `batchSize`:
 * one connection, one REPEATABLE READ READ ONLY transaction (a consistent snapshot: pairs imported
 * meanwhile are not half in), each batch a keyset page. Breaking out of the loop ends the transaction.
 */
export async function* streamPairRows(pool: SqlPool, filter: PairFilter, batchSize = 5000): AsyncGenerator<PairListRow[]> {
  const client = await pool.connect();
  let committed = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // no walk budget: it was set for a page of filter.limit rows, not batches of batchSize
    const { walkBudget: _budget, ...resolved } = await planFor(client, await resolvePairFilter(client, filter), {});
    let cursor = filter.cursor;
    for (;;) {
      const page = await fetchPage(client, { ...resolved, filter: { ...filter, cursor } }, batchSize);
      if (page.rows.length > 0) yield page.rows;
      if (!page.nextCursor) break;
      const last = page.rows.at(-1)!;
      cursor = cursorAfter(filter.sort, { id: last.id, value: sortValueOf(last, filter.sort.key) });
    }
    await client.query('COMMIT');
    committed = true;
  } finally {
    // a failure, or a consumer that stopped early: a read-only transaction has nothing to keep
    if (!committed) await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}
