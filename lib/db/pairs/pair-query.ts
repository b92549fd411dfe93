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
 * `_`, `\`, quotes and regex characters are just text. The conditions themselves: pair-conditions.ts.
 */
import { measureKeys } from '@/lib/measures/catalog';
import { userMeasuresJsonSql } from '../corpora/user-measures';
import {
  col,
  filterConditions,
  idSetMemberSql,
  idSetSql,
  int,
  matchesNothing,
  Params,
  rangeSql,
  type ResolvedPairFilter,
  type SqlStatement,
} from './pair-conditions';

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
 * lib/db/pairs/pair-plans.ts chooses.
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
  const orderOf = (t: string) =>
    sort.key === 'id' ? `${t}."id" ${dir}` : `(${t}.sv IS NULL) ${nulls}, ${t}.sv ${dir}, ${t}."id" ${dir}`;
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
        return branches.push(
          `(SELECT w."id", w.sv, w.edge FROM (${walked}) w WHERE w.ok OR w.edge ORDER BY ${sort.key === 'id' ? '' : `w.sv ${dir}, `}w."id" ${dir} LIMIT ${n})`,
        );
      }
      if (!member)
        return branches.push(
          `(SELECT p."id", ${sv} AS sv FROM "Pair" p WHERE ${[...conds, ...where].join(' AND ')} ORDER BY ${order} LIMIT ${n})`,
        );
      // setwalk: the sort's index alone (id and value), in order, kept when in the id set; then the
      // remaining conditions on those rows only, one row at a time (a LATERAL that cannot be flattened)
      const walked = `SELECT p."id", ${sort.key === 'id' ? 'NULL::float8' : col(sort.key)} AS sv FROM "Pair" p WHERE ${[`p."corpusId" = ${int(corpusId)}`, member, ...where].join(' AND ')} ORDER BY ${order}`;
      const checked = `SELECT 1 FROM "Pair" p WHERE p."id" = w."id" AND ${conds.join(' AND ')} OFFSET 0`;
      return branches.push(
        `(SELECT w."id", w.sv FROM (${walked}) w CROSS JOIN LATERAL (${checked}) checked ORDER BY ${sort.key === 'id' ? '' : `w.sv ${dir}, `}w."id" ${dir} LIMIT ${n})`,
      );
    };
    if (sort.key === 'id') {
      branch('NULL::float8', cursor ? [`p."id" ${cmp} ${params.add(cursor.id)}::int`] : [], `p."id" ${dir}`);
      continue;
    }
    const c = col(sort.key);
    const order = `${c} ${dir}, p."id" ${dir}`;
    if (backward || !inNullTail) {
      const keyset =
        cursor && !inNullTail
          ? [`(${c}, p."id") ${cmp} (${params.add(cursor.value)}::float8, ${params.add(cursor.id)}::int)`]
          : [];
      branch(c, [`${c} IS NOT NULL`, ...keyset], order);
    }
    if (!backward || inNullTail)
      branch('NULL::float8', [`${c} IS NULL`, ...(inNullTail ? [`p."id" ${cmp} ${params.add(cursor.id)}::int`] : [])], order);
  }
  if (branches.length === 0)
    return {
      text: `SELECT ${PAIR_ROW_COLUMNS}, NULL::float8 AS sv FROM (SELECT NULL::int AS "id") page ${PAIR_ROW_JOINS} WHERE FALSE`,
      values: [],
    };
  const edge = plan === 'walk' && r.walkBudget !== undefined ? ', u.edge' : '';
  const text = `WITH page AS (SELECT u."id", u.sv${edge} FROM (${branches.join(' UNION ALL ')}) u ORDER BY ${orderOf('u')} LIMIT ${n})
SELECT ${PAIR_ROW_COLUMNS}, page.sv${edge ? ', page.edge' : ''} FROM page ${PAIR_ROW_JOINS} ORDER BY ${orderOf('page')}`;
  return { text, values: params.values };
}

/**
 * The `matches` plan's branch of one corpus: its matches (fenced), then the keyset and the order
 * on them. Missing values come last in the view's order, so walking backward they come first.
 */
function matchesBranch(
  r: ResolvedPairFilter,
  conds: string[],
  params: Params,
  walk: { backward: boolean; cmp: string; n: string; order: string },
): string {
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
  const parts = (matchesNothing(r) ? [] : r.corpusIds).map(
    (corpusId) => `SELECT 1 FROM "Pair" p WHERE ${filterConditions(r, corpusId, params).join(' AND ')}`,
  );
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
  const parts = (matchesNothing(r) ? [] : r.corpusIds).map(
    (corpusId) => `(SELECT count(*) AS n FROM "Pair" p WHERE ${filterConditions(r, corpusId, params).join(' AND ')})`,
  );
  if (parts.length === 0) return { text: 'SELECT 0::bigint AS n', values: [] };
  return { text: `SELECT COALESCE(sum(n), 0)::bigint AS n FROM (${parts.join(' UNION ALL ')}) counts`, values: params.values };
}
