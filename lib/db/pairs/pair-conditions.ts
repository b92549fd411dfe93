/**
 * The conditions of a PairFilter (lib/explore/pair-filter.ts) as parameterised SQL on the pair row p:
 * measure and length ranges, a map cell, text matches, reference labels, campaign and annotation state,
 * final labels, and the id sets of measure ranges read from their indexes alone. pair-query.ts builds the
 * page and count statements from them; exports of a view use them too (export-view-source.ts). Every
 * value from the caller is a bound parameter; text search is ILIKE on an escaped pattern.
 */
import { isMeasureKey } from '@/lib/measures/catalog';
import type { MeasureKey } from '@/lib/measures/catalog';
import { isUserMeasureKey, userMeasureName, type UserMeasureKey } from '@/lib/measures/user-measures';
import { userMeasureSql } from '../corpora/user-measures';
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
  /**
   * the `intersect` plan: the measure ranges whose ids it reads from their indexes and intersects
   * (else every catalogue-measure range)
   */
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
export const measureValueSql = (key: MeasureKey | UserMeasureKey | 'id'): string =>
  isUserMeasureKey(key) ? userMeasureSql(userMeasureName(key)) : `p."${key}"`;
export const col = measureValueSql;
export const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer id: ${n}`);
  return String(n);
};

/** `%text%` for ILIKE with the LIKE metacharacters escaped (backslash is LIKE's default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function rangeSql(r: RangeFilter, params: Params, alias = 'p'): string[] {
  if (r.key === 'length') {
    // Word counts are integers: whole bounds keep the comparison on the index's int expression.
    return [
      ...(r.min !== null ? [`LEAST(p."lengthA", p."lengthB") >= ${params.add(Math.ceil(r.min))}::int`] : []),
      ...(r.max !== null ? [`GREATEST(p."lengthA", p."lengthB") <= ${params.add(Math.floor(r.max))}::int`] : []),
    ];
  }
  const c = alias === 'p' || isUserMeasureKey(r.key) ? col(r.key) : `${alias}."${r.key}"`;
  return [
    ...(r.min !== null ? [`${c} >= ${params.add(r.min)}::float8`] : []),
    ...(r.max !== null ? [`${c} <= ${params.add(r.max)}::float8`] : []),
  ];
}

/** Ranges on catalogue measures: each has its corpus's index `(measure, id)`, so its ids can be read from the index alone. */
export const idSetRangesOf = (f: PairFilter): RangeFilter[] => f.ranges.filter((r) => isMeasureKey(r.key));

/**
 * The `intersect` plan's condition: the pair's id is in every range's id set, each read from its
 * measure's index alone (an index-only scan), intersected before any table row is read. (PostgreSQL
 * never ANDs the bitmaps of two partial indexes with the same predicate, docs/decisions/009.)
 */
/**
 * The ids of the pairs in every one of the id-set ranges (each read from its measure's index
 * alone), or null without such ranges.
 */
function idSetQuery(r: ResolvedPairFilter, corpusId: number, params: Params): string | null {
  const ranges = r.idSetRanges ?? idSetRangesOf(r.filter);
  if (ranges.length === 0) return null;
  return ranges
    .map(
      (range) =>
        `SELECT q."id" FROM "Pair" q WHERE ${[`q."corpusId" = ${int(corpusId)}`, ...rangeSql(range, params, 'q')].join(' AND ')}`,
    )
    .join(' INTERSECT ');
}

export function idSetSql(r: ResolvedPairFilter, corpusId: number, params: Params): string | null {
  const ids = idSetQuery(r, corpusId, params);
  return ids && `p."id" = ANY(ARRAY(${ids}))`;
}

/**
 * The `setwalk` plan's test of a walked row: its id is in the id set. `OR p."id" < 0` (never true:
 * ids are positive) keeps it a hashed sub-plan evaluated on the index's ids, instead of a join that
 * would lose the walk's order.
 */
export function idSetMemberSql(r: ResolvedPairFilter, corpusId: number, params: Params): string {
  const ids = idSetQuery(r, corpusId, params);
  return ids ? `(p."id" IN (${ids}) OR p."id" < 0)` : 'TRUE';
}

/**
 * Bin `bin` of the map on one axis as a range (lib/explore/map-cell.ts): exact, and an index and
 * the planner's statistics understand it. The explorer's cell, and a corpus's map-cell page
 * (lib/db/pairs/map-cell-pairs.ts).
 */
export function mapBinRangeSql(key: 'syn' | 'sem', bin: number, params: Params): string[] {
  const { min, below } = mapBinRange(bin);
  return [
    `${col(key)} IS NOT NULL`,
    ...(min !== null ? [`${col(key)} >= ${params.add(min)}::float8`] : []),
    ...(below !== null ? [`${col(key)} < ${params.add(below)}::float8`] : []),
  ];
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
export const matchesNothing = (r: ResolvedPairFilter) => r.textIds !== null && r.textIds.length === 0;

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
  const parts = r.corpusIds.map(
    (id) => `(SELECT 1 FROM "Text" t WHERE t."corpusId" = ${int(id)} AND t."type" = ANY(${others}::"TextType"[]) LIMIT 1)`,
  );
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
  if (f.cell) conds.push(...mapBinRangeSql('syn', f.cell.syn, params), ...mapBinRangeSql('sem', f.cell.sem, params));
  if (f.labels.length > 0) conds.push(`p."referenceLabel" = ANY(${params.add(f.labels)}::text[])`);
  const text = textSql(r, corpusId, params);
  if (text) conds.push(text);
  if (r.campaignId !== null)
    conds.push(`p."id" IN (SELECT ci."pairId" FROM "CampaignItem" ci WHERE ci."campaignId" = ${int(r.campaignId)})`);
  const state = annotationStateSql(r);
  if (state) conds.push(state);
  for (const fin of f.finals) {
    const campaign = r.campaignId === null ? '' : ` AND fl."campaignId" = ${int(r.campaignId)}`;
    conds.push(
      `p."id" IN (SELECT fl."pairId" FROM "FinalLabel" fl WHERE fl."question" = ${params.add(fin.question)} AND fl."value" #>> '{}' = ANY(${params.add(fin.values)}::text[])${campaign})`,
    );
  }
  return conds;
}
