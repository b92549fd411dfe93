/**
 * How a page of the explorer is read (docs/decisions/009): the planner constants, the estimates (EXPLAIN,
 * pg_stats) and the choice between walking the sort's index and reading the matches (`walk`, `matches`,
 * `intersect`, `setwalk`, the plans pair-query.ts builds). pair-list.ts runs the chosen plan.
 */
import type { RangeFilter } from '@/lib/explore/pair-filter';
import { rangeShare, type ColumnStats } from '@/lib/explore/range-estimate';
import { isUserMeasureKey } from '@/lib/measures/user-measures';
import { idSetRangesOf, type ResolvedPairFilter } from './pair-conditions';
import { pairMatchesSql, type PagePlan } from './pair-query';
import type { Queryable } from '../sql-pool';

/**
 * A page reads the filter's matches and sorts them when the planner estimates at most
 * MATCHES_PLAN_FACTOR · √((limit + 1) · pairs of the corpora) of them; above that it walks the sort's
 * index. Walking reads about (limit + 1) · pairs / matches rows, sorting the matches reads each
 * match once: both are random row reads, equal at the square root (docs/decisions/009).
 */
export const MATCHES_PLAN_FACTOR = 1;

/**
 * A walk whose every condition is in the sort's index (text ids, which the measure indexes include)
 * reads no table rows: about this many times cheaper a row than a walk that does (docs/decisions/009:
 * 500 texts, 1% of pairs, 0.5 s read and sorted, 30–40 ms walked).
 */
export const INDEX_ONLY_WALK_FACTOR = 30;

/**
 * Reading a pair's id from a measure's index into an id set (an index-only scan, then a hash) costs
 * about this many times less than reading a pair's row from the table (docs/decisions/009: 120,000
 * ids intersected and 2,050 rows read, 10,600 buffers, against 15,400 for the narrower range's rows).
 */
export const ID_SET_FACTOR = 10;

/**
 * A `setwalk` reads a walked index entry and probes the id set about this many times cheaper than a
 * walk reads a table row (docs/decisions/009, shared buffers warm: 67,000 entries walked against a
 * set of 5,000 ids took 68 ms where reading the 5,000 rows and sorting them took 43 ms).
 */
export const SETWALK_ENTRY_FACTOR = 10;

/**
 * The `setwalk` plan's id set stays a hashed sub-plan only while PostgreSQL expects it to fit in
 * memory (work_mem · hash_mem_multiplier, 8 MB by default: about 150,000 ids); a larger one would be
 * searched for every walked row. Sets estimated above this many ids are never walked with.
 */
export const SETWALK_MAX_IDS = 100_000;

/**
 * A walk chosen for measure ranges reads at most this many times the index entries it is expected
 * to read (or what the other plan costs, if more), then the page is read with the other plan: a
 * walk of a sort correlated with a range (a low syn range sorted by -rougeL on a real corpus) finds
 * its matches late, which the planner's independence assumption cannot see (docs/decisions/009).
 */
export const WALK_BUDGET_FACTOR = 3;

export interface ListOptions {
  /** tests: force either text-search strategy */
  textIdLimit?: number;
  /** tests: force either page plan (else chosen from the planner's estimate of the matches) */
  plan?: PagePlan;
  /** tests: the estimate up to which a page reads and sorts the matches (else from MATCHES_PLAN_FACTOR) */
  matchesPlanLimit?: number;
  /** tests: counts exact up to this many matches (EXACT_COUNT_LIMIT) */
  exactCountLimit?: number;
  /** tests: a walk's budget of index entries per branch (with `plan: 'walk'`; past it the page is read with the matches plan) */
  walkBudget?: number;
  /** bench:explore: false plans ranges alone as before rangesPlan (one range by its estimate, two or more walk) */
  rangePlans?: boolean;
}

/** A resolved filter with the plan its pages use. */
export type PlannedFilter = ResolvedPairFilter & { plan: PagePlan; fallback?: { plan: PagePlan; idSetRanges?: RangeFilter[] } };

/** The planner's estimate of the filter's matches (EXPLAIN, no rows read); null when no statement is needed. */
export async function estimateMatches(db: Queryable, resolved: ResolvedPairFilter): Promise<number | null> {
  const sql = pairMatchesSql(resolved);
  if (!sql) return null;
  const result = await db.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    `EXPLAIN (FORMAT JSON) ${sql.text}`,
    sql.values,
  );
  return Math.round(result.rows[0]!['QUERY PLAN'][0]!.Plan['Plan Rows']);
}

/**
 * Conditions the matches plan can start from (an index or a small table): measure and length
 * ranges, a map cell, reference labels, a rare text (its text ids), a campaign, annotated or
 * adjudicated pairs, final labels. Without one (a common text, unannotated pairs, a tier) reading
 * the matches means reading the corpus: the page walks.
 */
export const hasDriver = (r: ResolvedPairFilter) => {
  const f = r.filter;
  // Ranges on the built-in measures have per-corpus indexes; a user measure (u.NAME) has none. Ranges
  // with nothing else to start from are planned by rangesPlan (planFor); here, two or more of them are
  // no driver: the planner would multiply their selectivities but read the narrower range's rows.
  const indexedRanges = f.ranges.filter((x) => !isUserMeasureKey(x.key)).length;
  const other =
    f.cell !== null ||
    f.labels.length > 0 ||
    r.textIds !== null ||
    r.campaignId !== null ||
    f.state === 'annotated' ||
    f.state === 'adjudicated' ||
    f.finals.length > 0;
  return other || indexedRanges === 1;
};

/** The filter reduced to one range (and its corpora): what the planner estimates that range alone selects. */
const rangeAlone = (r: ResolvedPairFilter, range: RangeFilter): ResolvedPairFilter => ({
  corpusIds: r.corpusIds,
  campaignId: null,
  textIds: null,
  filter: { ...r.filter, ranges: [range], q: null, types: [], campaign: null, state: null, finals: [], labels: [], cell: null },
});

/**
 * Measure ranges and nothing else to start from (docs/decisions/009), each plan costed in table rows
 * read, with M the estimated matches and the ranges taken narrowest first:
 * - `walk`: (limit + 1) · pairs / M rows;
 * - `matches`: the narrowest range's rows (PostgreSQL reads one index and filters the rest);
 * - `intersect`: the ids of the k narrowest ranges, read from their indexes (ID_SET_FACTOR times
 *   cheaper than a row each), then the rows of their intersection (the ranges taken as independent);
 * - `setwalk`: the same ids as a set, then the walk over the sort's index alone
 *   (SETWALK_ENTRY_FACTOR times cheaper a row), reading the rows of the walked ids in the set.
 * The cheapest wins. `setwalk` needs a sort the indexes hold (not a measure of your own) and an id
 * set of at most SETWALK_MAX_IDS.
 */
export function rangesPlan(input: {
  pairs: number;
  limit: number;
  matches: number;
  ranges: Array<{ range: RangeFilter; estimate: number }>;
  sortIndexed: boolean;
}): RangesPlan {
  const pairs = Math.max(input.pairs, 1);
  const sorted = [...input.ranges].sort((a, b) => a.estimate - b.estimate);
  const walked = Math.min(pairs, ((input.limit + 1) * pairs) / Math.max(input.matches, 1));
  type Costed = { cost: number; plan: PagePlan; idSetRanges?: RangeFilter[] };
  let best: Costed = { cost: walked, plan: 'walk' };
  // the cheapest plan other than the walk: what a walk cut short by its budget falls back to
  let other: Costed | null = null;
  const consider = (cost: number, plan: PagePlan, idSetRanges?: RangeFilter[]) => {
    const costed = { cost, plan, ...(idSetRanges ? { idSetRanges } : {}) };
    if (cost < best.cost) best = costed;
    if (!other || cost < other.cost) other = costed;
  };
  if (sorted[0]) consider(sorted[0].estimate, 'matches');
  let ids = 0;
  let rows = pairs;
  for (const [k, { estimate }] of sorted.entries()) {
    ids += estimate / ID_SET_FACTOR;
    rows = (rows * Math.min(estimate, pairs)) / pairs;
    const set = sorted.slice(0, k + 1).map((r) => r.range);
    if (k > 0) consider(ids + rows, 'intersect', set);
    if (input.sortIndexed && sorted[0]!.estimate <= SETWALK_MAX_IDS)
      consider(ids + walked / SETWALK_ENTRY_FACTOR + (walked * rows) / pairs, 'setwalk', set);
  }
  const chosen = (c: Costed) => (c.idSetRanges ? { plan: c.plan, idSetRanges: c.idSetRanges } : { plan: c.plan });
  const fallback = other as Costed | null;
  if (best.plan !== 'walk' || !fallback) return chosen(best);
  // A walk reads about `walked` entries when matches spread evenly along the sort; on correlated
  // measures they may not. Past WALK_BUDGET_FACTOR times that, or what the other plan costs, it stops.
  return {
    plan: 'walk',
    walkBudget: Math.ceil(Math.max(WALK_BUDGET_FACTOR * walked, fallback.cost, input.limit + 1)),
    fallback: chosen(fallback),
  };
}

/** A plan for measure ranges alone; a walk has a budget of index entries and the plan to fall back to past it. */
export type RangesPlan = {
  plan: PagePlan;
  idSetRanges?: RangeFilter[];
  walkBudget?: number;
  fallback?: { plan: PagePlan; idSetRanges?: RangeFilter[] };
};

/**
 * Each range's matches in the chosen corpora, from the columns' statistics (pg_stats, one catalogue
 * read and no planning: planning a statement over a corpus's many partial indexes costs milliseconds)
 * times the corpora's pairs; the planner's estimate for a column without statistics (never analysed).
 */
export async function estimateRanges(
  db: Queryable,
  resolved: ResolvedPairFilter,
  ranges: RangeFilter[],
  options: { cached?: boolean } = {},
): Promise<number[]> {
  const stats = await columnStats(db, [...new Set(ranges.map((r) => r.key))], options.cached ?? true);
  return Promise.all(
    ranges.map(async (range) => {
      const column = stats.get(range.key);
      if (!column) return (await estimateMatches(db, rangeAlone(resolved, range))) ?? 0;
      return Math.max(1, Math.round(rangeShare(column, range.min, range.max) * (resolved.pairs ?? 0)));
    }),
  );
}

/**
 * How long a pool keeps the columns' statistics: they change when ANALYZE runs (after an import, or
 * autovacuum after many changes), and a stale one only chooses a plan, never changes a page's rows.
 * A round trip costs several milliseconds on a loaded machine; the statement itself under one.
 */
export const COLUMN_STATS_TTL_MS = 5 * 60_000;
const statsCache = new WeakMap<Queryable, Map<string, { at: number; stats: ColumnStats }>>();

/** The statistics of the Pair columns `keys` (pg_stats), from the pool's cache while fresh; columns without any are left out. */
async function columnStats(db: Queryable, keys: string[], cached: boolean): Promise<Map<string, ColumnStats>> {
  const cache = statsCache.get(db) ?? new Map<string, { at: number; stats: ColumnStats }>();
  statsCache.set(db, cache);
  const now = Date.now();
  const found = new Map<string, ColumnStats>();
  for (const key of keys) {
    const hit = cache.get(key);
    if (cached && hit && now - hit.at < COLUMN_STATS_TTL_MS) found.set(key, hit.stats);
  }
  const missing = keys.filter((k) => !found.has(k));
  if (missing.length === 0) return found;
  const rows = await db.query<{
    key: string;
    nullFrac: number;
    commonValues: number[] | null;
    commonShares: number[] | null;
    histogram: number[] | null;
  }>(
    `SELECT s."attname" AS "key", s."null_frac" AS "nullFrac", s."most_common_vals"::text::float8[] AS "commonValues",
            s."most_common_freqs"::float8[] AS "commonShares", s."histogram_bounds"::text::float8[] AS "histogram"
     FROM pg_stats s WHERE s."schemaname" = current_schema() AND s."tablename" = 'Pair' AND s."attname" = ANY($1::text[])`,
    [missing],
  );
  for (const row of rows.rows) {
    const stats = {
      nullFrac: row.nullFrac,
      commonValues: row.commonValues ?? [],
      commonShares: row.commonShares ?? [],
      histogram: row.histogram ?? [],
    };
    cache.set(row.key, { at: now, stats });
    found.set(row.key, stats);
  }
  return found;
}

/** Measure ranges alone: the estimate of each and of all together, then rangesPlan. */
async function planRanges(db: Queryable, resolved: ResolvedPairFilter): Promise<PlannedFilter> {
  const f = resolved.filter;
  const ranges = idSetRangesOf(f);
  const pairs = resolved.pairs ?? 0;
  // Ranges on catalogue measures the statement's only conditions: the planner takes them as
  // independent, so its estimate of the whole is the product of theirs, and the page plans no
  // statement before its own (planning over a corpus's many partial indexes costs milliseconds).
  // Unannotated pairs are most pairs of a large corpus: the product is taken for them too (if many
  // are annotated, the walk reads more than estimated, and its budget bounds that).
  const rangesOnly =
    f.ranges.length === ranges.length && f.q === null && f.types.length === 0 && (f.state === null || f.state === 'unannotated');
  const [whole, estimates] = await Promise.all([
    rangesOnly ? null : estimateMatches(db, resolved),
    estimateRanges(db, resolved, ranges),
  ]);
  const matches = rangesOnly ? estimates.reduce<number>((m, e) => (m * (e ?? 0)) / Math.max(pairs, 1), pairs) : (whole ?? 0);
  const chosen = rangesPlan({
    pairs,
    limit: f.limit,
    matches,
    ranges: ranges.map((range, i) => ({ range, estimate: estimates[i] ?? 0 })),
    sortIndexed: !isUserMeasureKey(f.sort.key),
  });
  return { ...resolved, ...chosen };
}

/** Ranges on catalogue measures and no other condition to start from: planRanges chooses. */
const onlyRanges = (r: ResolvedPairFilter) =>
  idSetRangesOf(r.filter).length > 0 && !hasDriver({ ...r, filter: { ...r.filter, ranges: [] } });

/** Few matches: read and sort them; many: walk the sort's index (docs/decisions/009). */
export async function planFor(db: Queryable, resolved: ResolvedPairFilter, options: ListOptions): Promise<PlannedFilter> {
  if (options.plan)
    return { ...resolved, plan: options.plan, ...(options.walkBudget !== undefined ? { walkBudget: options.walkBudget } : {}) };
  if (options.rangePlans !== false && onlyRanges(resolved)) return planRanges(db, resolved);
  if (!hasDriver(resolved)) return { ...resolved, plan: 'walk' };
  const estimate = await estimateMatches(db, resolved);
  const f = resolved.filter;
  const indexOnlyWalk =
    f.ranges.length === 0 &&
    f.cell === null &&
    f.labels.length === 0 &&
    resolved.campaignId === null &&
    f.state === null &&
    f.finals.length === 0;
  const walkCost = indexOnlyWalk ? 1 / INDEX_ONLY_WALK_FACTOR : 1;
  // walk: walkCost · (limit + 1) · pairs / matches row reads; matches: one each; equal at the square root
  const limit = options.matchesPlanLimit ?? MATCHES_PLAN_FACTOR * Math.sqrt(walkCost * (f.limit + 1) * (resolved.pairs ?? 0));
  return { ...resolved, plan: estimate !== null && estimate <= limit ? 'matches' : 'walk' };
}
