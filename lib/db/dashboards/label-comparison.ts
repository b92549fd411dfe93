/**
 * The counts a label comparison needs (lib/dashboards/label-comparison.ts), aggregated in SQL: per
 * (this campaign's final label, the other side's label) the number of pairs, with NULL for a side that
 * gave a pair no label. This side: the campaign's final labels of one question on its non-gold pairs
 * (undecided ones left out). The other side: another campaign's final labels of one of its questions,
 * or the corpus's own label of the campaign's pairs (`referenceIsParaphrase` as yes/no for yes/no
 * questions, `referenceLabel` otherwise). Values as text: yes/no answers are "yes" and "no".
 */
import type { LabelCount } from '@/lib/dashboards/label-comparison';
import type { Queryable } from '../sql-pool';
import { readStoredQuestions, type Question } from '@/lib/annotation/questions';
import { JOIN_TEXTS, SELECT_PAIR, type CellPage, type CellPair } from '../pairs/map-cell-pairs';

export type CompareWith =
  | { kind: 'campaign'; campaignId: number; question: string }
  | { kind: 'source'; field: 'referenceIsParaphrase' | 'referenceLabel' };

export const asText = (v: string) =>
  `CASE jsonb_typeof(${v}) WHEN 'boolean' THEN CASE WHEN ${v} = 'true'::jsonb THEN 'yes' ELSE 'no' END ELSE ${v} #>> '{}' END`;

/** Final labels of one question of a campaign, on its non-gold pairs. */
const FINAL = (campaign: string, question: string) => `SELECT f."pairId", ${asText('f."value"')} AS v FROM "FinalLabel" f
  JOIN "CampaignItem" i ON i."campaignId" = f."campaignId" AND i."pairId" = f."pairId" AND NOT i."isGold"
  WHERE f."campaignId" = ${campaign} AND f."question" = ${question} AND f."value" IS NOT NULL AND jsonb_typeof(f."value") <> 'null'`;

const SOURCE = {
  referenceIsParaphrase: `CASE p."referenceIsParaphrase" WHEN TRUE THEN 'yes' WHEN FALSE THEN 'no' END`,
  referenceLabel: `btrim(p."referenceLabel")`,
} as const;

/**
 * Both sides side by side, one row per pair either side labels (NULL: that side has no label): $1
 * campaign, $2 question, then $3, $4 for another campaign.
 */
function sidesSql(other: CompareWith): string {
  const otherSql =
    other.kind === 'campaign'
      ? FINAL('$3', '$4')
      : `SELECT p."id" AS "pairId", ${SOURCE[other.field]} AS v FROM "CampaignItem" i JOIN "Pair" p ON p."id" = i."pairId"
         WHERE i."campaignId" = $1 AND NOT i."isGold" AND ${SOURCE[other.field]} IS NOT NULL AND ${SOURCE[other.field]} <> ''`;
  return `WITH mine AS (${FINAL('$1', '$2')}), other AS (${otherSql})
    SELECT COALESCE(mine."pairId", other."pairId") AS "pairId", mine.v AS mine, other.v AS other FROM mine FULL OUTER JOIN other ON other."pairId" = mine."pairId"`;
}

const sidesParams = (campaignId: number, question: string, other: CompareWith): unknown[] =>
  other.kind === 'campaign' ? [campaignId, question, other.campaignId, other.question] : [campaignId, question];

export async function countLabelPairs(
  db: Queryable,
  campaignId: number,
  question: string,
  other: CompareWith,
): Promise<LabelCount[]> {
  const { rows } = await db.query<{ mine: string | null; other: string | null; n: number }>(
    `SELECT s.mine, s.other, count(*)::int AS n FROM (${sidesSql(other)}) s GROUP BY 1, 2 ORDER BY 1, 2`,
    sidesParams(campaignId, question, other),
  );
  return rows;
}

/**
 * One page of the pairs behind one count of the comparison, in id order: those this campaign labelled
 * `cell.mine` and the other side `cell.other` (null: no label on that side, the pairs counted apart;
 * a list: any of those values, the labels a mapping puts in one cell). The same rows countLabelPairs
 * counts, so a matrix cell lists exactly its pairs.
 */
export async function listLabelCellPairs(
  db: Queryable,
  campaignId: number,
  question: string,
  other: CompareWith,
  cell: { mine: string | readonly string[] | null; other: string | readonly string[] | null },
  page: CellPage,
): Promise<CellPair[]> {
  const params = sidesParams(campaignId, question, other);
  const at = (value: unknown) => `$${params.push(value)}`;
  const matches = (column: string, value: string | readonly string[] | null) =>
    typeof value === 'string' || value === null
      ? `${column} IS NOT DISTINCT FROM ${at(value)}::text`
      : `${column} = ANY(${at(Array.from(value))}::text[])`;
  const { rows } = await db.query<CellPair>(
    `SELECT ${SELECT_PAIR} FROM (${sidesSql(other)}) s JOIN "Pair" p ON p."id" = s."pairId" ${JOIN_TEXTS}
     WHERE ${matches('s.mine', cell.mine)} AND ${matches('s.other', cell.other)}
     ORDER BY p."id" LIMIT ${at(page.pageSize)} OFFSET ${at((page.page - 1) * page.pageSize)}`,
    params,
  );
  return rows;
}

/**
 * The campaigns that share a corpus with this one (itself included), with their questions: the
 * label sets it can be compared with (archived ones too: the page decides).
 */
export async function listComparableCampaigns(
  db: Queryable,
  campaignId: number,
): Promise<Array<{ id: number; slug: string; name: string; questions: Question[]; archivedAt: Date | null }>> {
  const { rows } = await db.query<{ id: number; slug: string; name: string; questions: unknown; archivedAt: Date | null }>(
    `SELECT c."id", c."slug", c."name", c."questions", c."archivedAt" FROM "Campaign" c
     WHERE EXISTS (SELECT 1 FROM "CampaignCorpus" cc JOIN "CampaignCorpus" mine ON mine."corpusId" = cc."corpusId" AND mine."campaignId" = $1 WHERE cc."campaignId" = c."id")
     ORDER BY c."id"`,
    [campaignId],
  );
  return rows.map((r) => ({ ...r, questions: readStoredQuestions(r.questions) }));
}
