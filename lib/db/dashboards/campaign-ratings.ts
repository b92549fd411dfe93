/**
 * The rating matrix of one question of a campaign, as lib/agreement takes it (coders x units, null
 * for "not rated"): what the dashboards, the final labels' agreement figures and the import check
 * (the SICK re-annotation, docs/quality.md) all read, so every figure comes from the same rows.
 * Coders are the annotators by pseudonym; units the campaign's pairs in item order. Gold pairs are
 * always left out (they measure annotators, not pairs); members a researcher excluded are left out
 * unless `includeExcluded`. Only coders and units with at least one answer to the question appear.
 * Values are the stored answers (relations in the pair's stored order); with `firstAnswers`, each
 * annotation's first version (agreement before the discussion round). One SQL query.
 */
import type { Queryable } from '../sql-pool';

export type RatingCell = number | string | boolean | null;

export interface RatingMatrix {
  /** annotator pseudonyms, sorted */
  coders: string[];
  /** pair ids, in the campaign's item order */
  units: number[];
  /** ratings[coder][unit] */
  ratings: RatingCell[][];
}

interface RatingRow {
  coder: string;
  pairId: number;
  value: Exclude<RatingCell, null>;
}

/** `answers`: the current ones, or each annotation's first version (before any revision: the discussion round's "before"). */
const ratingsSql = (answers: string) => `
  SELECT COALESCE(u."pseudonym", 'user-' || u."id") AS coder, n."pairId", ${answers} -> $2 AS value
  FROM "Annotation" n
  JOIN "CampaignItem" i ON i."campaignId" = n."campaignId" AND i."pairId" = n."pairId" AND NOT i."isGold"
  JOIN "User" u ON u."id" = n."annotatorId"
  LEFT JOIN "CampaignMember" m ON m."campaignId" = n."campaignId" AND m."userId" = n."annotatorId"
  WHERE n."campaignId" = $1 AND ${answers} ? $2 AND jsonb_typeof(${answers} -> $2) <> 'null'
    AND ($3::boolean OR NOT COALESCE(m."excluded", FALSE))
  ORDER BY i."position", coder`;
const CURRENT_SQL = ratingsSql('n."answers"');
const FIRST_SQL = ratingsSql(
  `COALESCE((SELECT r."values" FROM "AnnotationRevision" r WHERE r."annotationId" = n."id" ORDER BY r."version" LIMIT 1), n."answers")`,
);

export async function loadRatingMatrix(
  db: Queryable,
  campaignId: number,
  question: string,
  opts: { includeExcluded?: boolean; firstAnswers?: boolean } = {},
): Promise<RatingMatrix> {
  const { rows } = await db.query<RatingRow>(opts.firstAnswers ? FIRST_SQL : CURRENT_SQL, [
    campaignId,
    question,
    opts.includeExcluded ?? false,
  ]);
  const coders = [...new Set(rows.map((r) => r.coder))].sort();
  const coderIndex = new Map(coders.map((c, i) => [c, i]));
  const units: number[] = [];
  const unitIndex = new Map<number, number>();
  for (const row of rows) {
    if (!unitIndex.has(row.pairId)) {
      unitIndex.set(row.pairId, units.length);
      units.push(row.pairId);
    }
  }
  const ratings: RatingCell[][] = coders.map(() => new Array<RatingCell>(units.length).fill(null));
  for (const row of rows) ratings[coderIndex.get(row.coder)!]![unitIndex.get(row.pairId)!] = row.value;
  return { coders, units, ratings };
}
