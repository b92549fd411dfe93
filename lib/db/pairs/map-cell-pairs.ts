/**
 * The pairs behind one characteristic-map cell, a page at a time, in id order: of a corpus by its
 * measures, or of a campaign by its measures or its (median) ratings. The same bin expressions as
 * the maps (lib/db/corpora/corpus-summary.ts mapBinSql, lib/db/dashboards/characteristic-maps.ts),
 * or, for a corpus, the explorer's exact ranges of them, so a cell lists exactly the pairs it counts.
 * The explorer (/explore?corpus=…&cell=…) takes over once it exists.
 */
import { mapBinSql } from '../corpora/corpus-summary';
import { mapBinRangeSql, Params } from './pair-conditions';
import { medianRatingsSql, RATED_SQL, type MedianTie } from '../dashboards/characteristic-maps';
import type { Queryable } from '../sql-pool';

export interface CellPair {
  id: number;
  a: string;
  b: string;
  syn: number | null;
  sem: number | null;
  /** the ratings that placed it (campaign maps from ratings) */
  ratedSyn?: number | null;
  ratedSem?: number | null;
}

export interface CellPage {
  page: number;
  pageSize: number;
}

export type CellScope =
  | { kind: 'corpus'; corpusId: number }
  | { kind: 'campaign'; campaignId: number; source: 'measures'; corpusId?: number }
  | { kind: 'campaign'; campaignId: number; source: 'ratings'; median: MedianTie; annotator?: string; corpusId?: number };

/** A campaign's pairs of one corpus only ($6; null = every corpus of the campaign). */
const OF_CORPUS = `($6::int IS NULL OR p."corpusId" = $6::int)`;

export const SELECT_PAIR = `p."id", ta."content" AS a, tb."content" AS b, p."syn", p."sem"`;
export const JOIN_TEXTS = `JOIN "Text" ta ON ta."id" = p."textAId" JOIN "Text" tb ON tb."id" = p."textBId"`;

/**
 * A corpus's cell: the page's ids first, by ranges an index and the statistics understand (the bin
 * expression's estimate of 15 rows where there were 40,044 had PostgreSQL join every match's texts
 * before taking the page), then the texts of those only.
 */
async function listCorpusCellPairs(db: Queryable, corpusId: number, cell: readonly [number, number], page: CellPage) {
  const params = new Params();
  const conds = [
    `p."corpusId" = ${params.add(corpusId)}`,
    ...mapBinRangeSql('syn', cell[0], params),
    ...mapBinRangeSql('sem', cell[1], params),
  ];
  const sql = `SELECT ${SELECT_PAIR} FROM (
      SELECT p."id", p."syn", p."sem", p."textAId", p."textBId" FROM "Pair" p WHERE ${conds.join(' AND ')}
      ORDER BY p."id" LIMIT ${params.add(page.pageSize)} OFFSET ${params.add((page.page - 1) * page.pageSize)}) p ${JOIN_TEXTS}
    ORDER BY p."id"`;
  return (await db.query<CellPair>(sql, params.values)).rows;
}

function cellQuery(scope: Exclude<CellScope, { kind: 'corpus' }>): string {
  if (scope.source === 'measures') {
    return `SELECT ${SELECT_PAIR} FROM "CampaignItem" i JOIN "Pair" p ON p."id" = i."pairId" ${JOIN_TEXTS}
      WHERE i."campaignId" = $1 AND NOT i."isGold" AND ${mapBinSql('p."syn"')} = $2 AND ${mapBinSql('p."sem"')} = $3 AND ${OF_CORPUS}`;
  }
  const rated = scope.annotator
    ? `(${RATED_SQL} AND COALESCE(u."pseudonym", 'user-' || u."id") = $7)`
    : `(${medianRatingsSql(scope.median)})`;
  return `SELECT ${SELECT_PAIR}, r.syn AS "ratedSyn", r.sem AS "ratedSem" FROM ${rated} r JOIN "Pair" p ON p."id" = r."pairId" ${JOIN_TEXTS}
    WHERE r.syn = $2 AND r.sem = $3 AND ${OF_CORPUS}`;
}

/** One page of the cell's pairs (the cell's count comes from its map). */
export async function listCellPairs(
  db: Queryable,
  scope: CellScope,
  cell: readonly [number, number],
  page: CellPage,
): Promise<CellPair[]> {
  if (scope.kind === 'corpus') return listCorpusCellPairs(db, scope.corpusId, cell, page);
  const id = scope.campaignId;
  const params: unknown[] = [id, cell[0], cell[1], page.pageSize, (page.page - 1) * page.pageSize];
  params.push(scope.corpusId ?? null);
  if (scope.source === 'ratings' && scope.annotator) params.push(scope.annotator);
  const { rows } = await db.query<CellPair>(`${cellQuery(scope)} ORDER BY p."id" LIMIT $4 OFFSET $5`, params);
  return rows;
}
