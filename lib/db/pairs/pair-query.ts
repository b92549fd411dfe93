/**
 * A PairFilter (lib/explore/pair-filter.ts) as parameterised SQL over "Pair": the explorer's pages,
 * `GET /api/v1/pairs` and exports run these statements (lib/db/pairs/pair-list.ts executes them).
 *
 * Shape, chosen so the per-corpus partial indexes (lib/db/pairs/explore-indexes.ts, docs/decisions/006)
 * serve every sort: one branch per corpus (`"corpusId" = <literal>`, so the planner can prove a
 * partial index's predicate), each ordered by (measure, id) with the keyset condition and its own
 * LIMIT, merged and cut again outside. Rows without the sort measure come last in both directions,
 * ordered by id, through a second branch per corpus (`measure IS NULL`), so ascending and descending
 * are both plain index scans. Every value from the caller is a bound parameter; corpus and campaign
 * ids are integers resolved from the database. Text search is ILIKE on an escaped pattern, so `%`,
 * `_`, `\`, quotes and regex characters are just text.
 */
import { isMeasureKey, measureKeys, type MeasureKey } from '@/lib/measures/catalog';
import { isUserMeasureKey, userMeasureName, type UserMeasureKey } from '@/lib/measures/user-measures';
import { userMeasureSql, userMeasuresJsonSql } from '../corpora/user-measures';
import { mapBinRange } from '@/lib/explore/map-cell';
import { TEXT_TYPES, type PairFilter, type RangeFilter } from '@/lib/explore/pair-filter';

/** The filter with its names resolved to ids (lib/db/pairs/pair-list.ts), and the text matches probed. */
export interface ResolvedPairFilter {
  filter: PairFilter;
  corpusIds: number[];
  campaignId: number | null;
  /** q/type: the matching text ids when few matched, else null (then each row's texts are checked) */
  textIds: number[] | null;
  /** the chosen corpora's pairs (CorpusSummary), for choosing a page plan */
  pairs?: number;
  /** the `intersect` plan: the measure ranges whose ids it reads from their indexes and intersects (else every catalogue-measure range) */
  idSetRanges?: RangeFilter[];
  /**
   * the `walk` plan: at most this many index entries walked per branch; a branch that reaches the
   * limit before the page is full marks its last entry (`edge`), and the caller reads the page with
   * another plan (lib/db/pairs/pair-list.ts: a walk slower than estimated, e.g. on correlated measures)
   */
  walkBudget?: number;
}

export interface SqlStatement {
  text: string;
  values: unknown[];
}

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A sort or range key's value on the pair row p: a Pair column, or a user measure (lib/db/corpora/user-measures.ts). */
export const measureValueSql = (key: MeasureKey | UserMeasureKey | 'id'): string => (isUserMeasureKey(key) ? userMeasureSql(userMeasureName(key)) : `p."${key}"`);
const col = measureValueSql;
const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer id: ${n}`);
  return String(n);
};

/** `%text%` for ILIKE with the LIKE metacharacters escaped (backslash is LIKE's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function rangeSql(r: RangeFilter, params: Params, alias = 'p'): string[] {
  if (r.key === 'length') {
    // Word counts are integers: whole bounds keep the comparison on the index's int expression.
    return [
      ...(r.min !== null ? [`LEAST(p."lengthA", p."lengthB") >= ${params.add(Math.ceil(r.min))}::int`] : []),
      ...(r.max !== null ? [`GREATEST(p."lengthA", p."lengthB") <= ${params.add(Math.floor(r.max))}::int`] : []),
    ];
  }
  const c = alias === 'p' || isUserMeasureKey(r.key) ? col(r.key) : `${alias}."${r.key}"`;
  return [...(r.min !== null ? [`${c} >= ${params.add(r.min)}::float8`] : []), ...(r.max !== null ? [`${c} <= ${params.add(r.max)}::float8`] : [])];
}

/** Ranges on catalogue measures: each has its corpus's index `(measure, id)`, so its ids can be read from the index alone. */
export const idSetRangesOf = (f: PairFilter): RangeFilter[] => f.ranges.filter((r) => isMeasureKey(r.key));

/**
 * The `intersect` plan's condition: the pair's id is in every range's id set, each read from its
 * measure's index alone (an index-only scan), intersected before any table row is read. (PostgreSQL
 * never ANDs the bitmaps of two partial indexes with the same predicate, docs/decisions/009.)
 */
/** The ids of the pairs in every one of the id-set ranges (each read from its measure's index alone), or null without such ranges. */
function idSetQuery(r: ResolvedPairFilter, corpusId: number, params: Params): string | null {
  const ranges = r.idSetRanges ?? idSetRangesOf(r.filter);
  if (ranges.length === 0) return null;
  return ranges.map((range) => `SELECT q."id" FROM "Pair" q WHERE ${[`q."corpusId" = ${int(corpusId)}`, ...rangeSql(range, params, 'q')].join(' AND ')}`).join(' INTERSECT ');
}

function idSetSql(r: ResolvedPairFilter, corpusId: number, params: Params): string | null {
  const ids = idSetQuery(r, corpusId, params);
  return ids && `p."id" = ANY(ARRAY(${ids}))`;
}

/**
 * The `setwalk` plan's test of a walked row: its id is in the id set. `OR p."id" < 0` (never true:
 * ids are positive) keeps it a hashed sub-plan evaluated on the index's ids, instead of a join that
 * would lose the walk's order.
 */
function idSetMemberSql(r: ResolvedPairFilter, corpusId: number, params: Params): string {
  const ids = idSetQuery(r, corpusId, params);
  return ids ? `(p."id" IN (${ids}) OR p."id" < 0)` : 'TRUE';
}

/** Bin `bin` of the map on one axis as a range (lib/explore/map-cell.ts): exact, and an index and the planner's statistics understand it. */
function mapBinSql(key: 'syn' | 'sem', bin: number, params: Params): string[] {
  const { min, below } = mapBinRange(bin);
  return [`${col(key)} IS NOT NULL`, ...(min !== null ? [`${col(key)} >= ${params.add(min)}::float8`] : []), ...(below !== null ? [`${col(key)} < ${params.add(below)}::float8`] : [])];
}

function textSql(r: ResolvedPairFilter, corpusId: number, params: Params): string | null {
  const { q, types } = r.filter;
  if (!q && types.length === 0) return null;
  if (r.textIds) {
    const ids = params.add(r.textIds);
    return `(p."textAId" = ANY(${ids}::int[]) OR p."textBId" = ANY(${ids}::int[]))`;
  }
  const conds = [`t."id" IN (p."textAId", p."textBId")`, `t."corpusId" = ${int(corpusId)}`];
  if (q) conds.push(`t."content" ILIKE ${params.add(containsPattern(q))}`);
  if (types.length > 0) conds.push(`t."type" = ANY(${params.add(types)}::"TextType"[])`);
  return `EXISTS (SELECT 1 FROM "Text" t WHERE ${conds.join(' AND ')})`;
}

/** q/type matched no text at all: no statement needed (and none that scans the corpus to find nothing). */
const matchesNothing = (r: ResolvedPairFilter) => r.textIds !== null && r.textIds.length === 0;

/** The SQL conditions of a text probe: texts of the corpora matching q and type. */
export function textProbeSql(r: Omit<ResolvedPairFilter, 'textIds'>, limit: number): SqlStatement {
  const params = new Params();
  const conds = [`t."corpusId" = ANY(${params.add(r.corpusIds)}::int[])`];
  if (r.filter.q) conds.push(`t."content" ILIKE ${params.add(containsPattern(r.filter.q))}`);
  if (r.filter.types.length > 0) conds.push(`t."type" = ANY(${params.add(r.filter.types)}::"TextType"[])`);
  return { text: `SELECT t."id" FROM "Text" t WHERE ${conds.join(' AND ')} LIMIT ${int(limit)}`, values: params.values };
}

/**
 * Whether the corpora hold a text of a type other than `types` (one row if so): without one, a type
 * filter keeps every pair and is dropped (lib/db/pairs/pair-list.ts). One branch per corpus with its id as a
 * literal, so its partial index on the type answers at once.
 */
export function otherTextTypeSql(r: Pick<ResolvedPairFilter, 'corpusIds' | 'filter'>): SqlStatement {
  const params = new Params();
  const others = params.add(TEXT_TYPES.filter((t) => !r.filter.types.includes(t)));
  const parts = r.corpusIds.map((id) => `(SELECT 1 FROM "Text" t WHERE t."corpusId" = ${int(id)} AND t."type" = ANY(${others}::"TextType"[]) LIMIT 1)`);
  return { text: `SELECT 1 FROM (${parts.join(' UNION ALL ')}) other LIMIT 1`, values: params.values };
}

function annotationStateSql(r: ResolvedPairFilter): string | null {
  const inCampaign = (alias: string) => (r.campaignId === null ? '' : ` AND ${alias}."campaignId" = ${int(r.campaignId)}`);
  switch (r.filter.state) {
    case null:
      return null;
    case 'unannotated':
      return `NOT EXISTS (SELECT 1 FROM "Annotation" an WHERE an."pairId" = p."id"${inCampaign('an')})`;
    case 'annotated':
      return `p."id" IN (SELECT an."pairId" FROM "Annotation" an WHERE TRUE${inCampaign('an')})`;
    case 'adjudicated':
      return `p."id" IN (SELECT ad."pairId" FROM "Adjudication" ad WHERE TRUE${inCampaign('ad')} UNION SELECT fl."pairId" FROM "FinalLabel" fl WHERE fl."method" = 'ADJUDICATED'${inCampaign('fl')})`;
  }
}

/** Every condition but the corpus and the keyset (shared by pages, counts and streams). */
export function filterConditions(r: ResolvedPairFilter, corpusId: number, params: Params): string[] {
  const f = r.filter;
  const conds = [`p."corpusId" = ${int(corpusId)}`, ...f.ranges.flatMap((range) => rangeSql(range, params))];
  if (f.cell) conds.push(...mapBinSql('syn', f.cell.syn, params), ...mapBinSql('sem', f.cell.sem, params));
  if (f.labels.length > 0) conds.push(`p."referenceLabel" = ANY(${params.add(f.labels)}::text[])`);
  const text = textSql(r, corpusId, params);
  if (text) conds.push(text);
  if (r.campaignId !== null) conds.push(`p."id" IN (SELECT ci."pairId" FROM "CampaignItem" ci WHERE ci."campaignId" = ${int(r.campaignId)})`);
  const state = annotationStateSql(r);
  if (state) conds.push(state);
  for (const fin of f.finals) {
    const campaign = r.campaignId === null ? '' : ` AND fl."campaignId" = ${int(r.campaignId)}`;
    conds.push(`p."id" IN (SELECT fl."pairId" FROM "FinalLabel" fl WHERE fl."question" = ${params.add(fin.question)} AND fl."value" #>> '{}' = ANY(${params.add(fin.values)}::text[])${campaign})`);
  }
  return conds;
}

/** The columns of a listed pair (after the page's ids are chosen). */
export const PAIR_ROW_COLUMNS = [
  'p."id"',
  'p."corpusId"',
  'c."slug" AS "corpus"',
  'ta."content" AS "a"',
  'tb."content" AS "b"',
  'ta."type" AS "typeA"',
  'tb."type" AS "typeB"',
  'p."originalId"',
  'p."referenceLabel"',
  'p."referenceScore"',
  'p."lengthA"',
  'p."lengthB"',
  ...measureKeys.map((k) => `p."${k}"`),
  `${userMeasuresJsonSql()} AS "userMeasures"`,
].join(', ');

const PAIR_ROW_JOINS = `JOIN "Pair" p ON p."id" = page."id" JOIN "Corpus" c ON c."id" = p."corpusId" JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId"`;

/**
 * How a page finds its rows (docs/decisions/009): `walk` reads the sort's index in order and checks
 * each row against the filter (cheap when many rows match: a page needs few of them); `matches`
 * reads the filter's matches through their own indexes first, behind a fence (`OFFSET 0`: the
 * planner cannot walk the sort's index instead), and sorts them (cheap when few match);
 * `intersect` is `matches` that first intersects the ids of several measure ranges, read from
 * their indexes alone, and reads only the rows in every range (two or more ranges, each too wide
 * on its own); `setwalk` walks the sort's index alone (its ids and values, no table rows), keeps the
 * rows whose id is in the id set of the narrowest ranges and checks only those against the rest of
 * the filter (a range too wide to read, too narrow to walk). All give exactly the same rows;
 * lib/db/pairs/pair-list.ts chooses.
 */
export type PagePlan = 'walk' | 'matches' | 'intersect' | 'setwalk';

/**
 * One page: `limit` rows after the cursor (ask for one more to know whether another page follows).
 * `backward`: the rows before the cursor instead, nearest first (the explorer's previous page and a
 * pair page's previous pair; the caller reverses them). Backward from no cursor is nothing.
 */
export function pairPageSql(r: ResolvedPairFilter, limit: number, backward = false, plan: PagePlan = 'walk'): SqlStatement {
  const params = new Params();
  const { sort, cursor } = r.filter;
  const walkDesc = sort.desc !== backward;
  const dir = walkDesc ? 'DESC' : 'ASC';
  const cmp = walkDesc ? '<' : '>';
  const n = int(limit);
  const inNullTail = cursor !== null && sort.key !== 'id' && cursor.value === null;
  const nulls = backward ? 'DESC' : 'ASC';
  const orderOf = (t: string) => (sort.key === 'id' ? `${t}."id" ${dir}` : `(${t}.sv IS NULL) ${nulls}, ${t}.sv ${dir}, ${t}."id" ${dir}`);
  const branches: string[] = [];
  for (const corpusId of (backward && !cursor) || matchesNothing(r) ? [] : r.corpusIds) {
    const idSet = plan === 'intersect' ? idSetSql(r, corpusId, params) : null;
    const conds = [...(idSet ? [idSet] : []), ...filterConditions(r, corpusId, params)];
    if (plan === 'matches' || plan === 'intersect') {
      branches.push(matchesBranch(r, conds, params, { backward, cmp, n, order: orderOf('m') }));
      continue;
    }
    const member = plan === 'setwalk' ? idSetMemberSql(r, corpusId, params) : null;
    const budget = plan === 'walk' && r.walkBudget !== undefined ? int(r.walkBudget) : null;
    const branch = (sv: string, where: string[], order: string) => {
      if (budget) {
        // the first `budget` entries in order, each with its test and whether it is the last one
        // allowed; kept: those passing and that last one (the caller sees the walk was cut short)
        // (a range on the sort's own measure stays in the WHERE: the walk starts and stops at its bounds)
        const [corpus, ...rest] = conds;
        const onSort = r.filter.ranges.filter((x) => x.key === sort.key).flatMap((x) => rangeSql(x, params));
        const walked = `SELECT p."id", ${sv} AS sv, (${rest.length > 0 ? rest.join(' AND ') : 'TRUE'}) IS TRUE AS ok, row_number() OVER (ORDER BY ${order}) = ${budget} AS edge FROM "Pair" p WHERE ${[corpus!, ...onSort, ...where].join(' AND ')} ORDER BY ${order} LIMIT ${budget}`;
        return branches.push(`(SELECT w."id", w.sv, w.edge FROM (${walked}) w WHERE w.ok OR w.edge ORDER BY ${sort.key === 'id' ? '' : `w.sv ${dir}, `}w."id" ${dir} LIMIT ${n})`);
      }
      if (!member) return branches.push(`(SELECT p."id", ${sv} AS sv FROM "Pair" p WHERE ${[...conds, ...where].join(' AND ')} ORDER BY ${order} LIMIT ${n})`);
      // setwalk: the sort's index alone (id and value), in order, kept when in the id set; then the
      // remaining conditions on those rows only, one row at a time (a LATERAL that cannot be flattened)
      const walked = `SELECT p."id", ${sort.key === 'id' ? 'NULL::float8' : col(sort.key)} AS sv FROM "Pair" p WHERE ${[`p."corpusId" = ${int(corpusId)}`, member, ...where].join(' AND ')} ORDER BY ${order}`;
      const checked = `SELECT 1 FROM "Pair" p WHERE p."id" = w."id" AND ${conds.join(' AND ')} OFFSET 0`;
      return branches.push(`(SELECT w."id", w.sv FROM (${walked}) w CROSS JOIN LATERAL (${checked}) checked ORDER BY ${sort.key === 'id' ? '' : `w.sv ${dir}, `}w."id" ${dir} LIMIT ${n})`);
    };
    if (sort.key === 'id') {
      branch('NULL::float8', cursor ? [`p."id" ${cmp} ${params.add(cursor.id)}::int`] : [], `p."id" ${dir}`);
      continue;
    }
    const c = col(sort.key);
    const order = `${c} ${dir}, p."id" ${dir}`;
    if (backward || !inNullTail) {
      const keyset = cursor && !inNullTail ? [`(${c}, p."id") ${cmp} (${params.add(cursor.value)}::float8, ${params.add(cursor.id)}::int)`] : [];
      branch(c, [`${c} IS NOT NULL`, ...keyset], order);
    }
    if (!backward || inNullTail) branch('NULL::float8', [`${c} IS NULL`, ...(inNullTail ? [`p."id" ${cmp} ${params.add(cursor.id)}::int`] : [])], order);
  }
  if (branches.length === 0) return { text: `SELECT ${PAIR_ROW_COLUMNS}, NULL::float8 AS sv FROM (SELECT NULL::int AS "id") page ${PAIR_ROW_JOINS} WHERE FALSE`, values: [] };
  const edge = plan === 'walk' && r.walkBudget !== undefined ? ', u.edge' : '';
  const text = `WITH page AS (SELECT u."id", u.sv${edge} FROM (${branches.join(' UNION ALL ')}) u ORDER BY ${orderOf('u')} LIMIT ${n})
SELECT ${PAIR_ROW_COLUMNS}, page.sv${edge ? ', page.edge' : ''} FROM page ${PAIR_ROW_JOINS} ORDER BY ${orderOf('page')}`;
  return { text, values: params.values };
}

/**
 * The `matches` plan's branch of one corpus: its matches (fenced), then the keyset and the order
 * on them. Missing values come last in the view's order, so walking backward they come first.
 */
function matchesBranch(r: ResolvedPairFilter, conds: string[], params: Params, walk: { backward: boolean; cmp: string; n: string; order: string }): string {
  const { sort, cursor } = r.filter;
  const sv = sort.key === 'id' ? 'NULL::float8' : col(sort.key);
  const keyset: string[] = [];
  if (cursor && sort.key === 'id') keyset.push(`m."id" ${walk.cmp} ${params.add(cursor.id)}::int`);
  else if (cursor && cursor.value === null) {
    const inTail = `m."id" ${walk.cmp} ${params.add(cursor.id)}::int`;
    keyset.push(walk.backward ? `(m.sv IS NOT NULL OR ${inTail})` : `m.sv IS NULL AND ${inTail}`);
  } else if (cursor) {
    const after = `(m.sv, m."id") ${walk.cmp} (${params.add(cursor.value)}::float8, ${params.add(cursor.id)}::int)`;
    keyset.push(walk.backward ? `m.sv IS NOT NULL AND ${after}` : `(m.sv IS NULL OR ${after})`);
  }
  const matches = `(SELECT p."id", ${sv} AS sv FROM "Pair" p WHERE ${conds.join(' AND ')} OFFSET 0) m`;
  return `(SELECT m."id", m.sv FROM ${matches}${keyset.length > 0 ? ` WHERE ${keyset.join(' AND ')}` : ''} ORDER BY ${walk.order} LIMIT ${walk.n})`;
}

/** The planner's estimate of how many pairs the filter selects (EXPLAIN of this, its top row count). */
export function pairMatchesSql(r: ResolvedPairFilter): SqlStatement | null {
  const params = new Params();
  const parts = (matchesNothing(r) ? [] : r.corpusIds).map((corpusId) => `SELECT 1 FROM "Pair" p WHERE ${filterConditions(r, corpusId, params).join(' AND ')}`);
  return parts.length === 0 ? null : { text: parts.join(' UNION ALL '), values: params.values };
}

/** Counts the filter's matches up to `upTo` + 1 (a count that stops early; above `upTo` the caller estimates). */
export function pairCountUpToSql(r: ResolvedPairFilter, upTo: number): SqlStatement {
  const matches = pairMatchesSql(r);
  if (!matches) return { text: 'SELECT 0::bigint AS n', values: [] };
  return { text: `SELECT count(*)::bigint AS n FROM (${matches.text} LIMIT ${int(upTo + 1)}) found`, values: matches.values };
}

/** The number of pairs the filter selects (all pages). */
export function pairCountSql(r: ResolvedPairFilter): SqlStatement {
  const params = new Params();
  const parts = (matchesNothing(r) ? [] : r.corpusIds).map((corpusId) => `(SELECT count(*) AS n FROM "Pair" p WHERE ${filterConditions(r, corpusId, params).join(' AND ')})`);
  if (parts.length === 0) return { text: 'SELECT 0::bigint AS n', values: [] };
  return { text: `SELECT COALESCE(sum(n), 0)::bigint AS n FROM (${parts.join(' UNION ALL ')}) counts`, values: params.values };
}
