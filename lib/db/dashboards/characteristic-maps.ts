/**
 * Characteristic maps (lib/dashboards/characteristic-map.ts) from the database: a corpus's map
 * from its measures is read from the stored summary (kept by imports, scoring jobs and semantic-set
 * changes; no scan), a campaign's from the measures of its pairs or from its human ratings, all
 * counted in SQL. Ratings: per pair the median over annotators of the 0-4 answers to `semantic`
 * and `syntactic`; with an even number of answers the lower median (percentile_disc(0.5)), or the
 * upper one on request. Gold pairs and excluded annotators are left out.
 */
import type { Db } from '../client';
import { ensureCorpusSummaries, getCorpusTotals, mapBinSql, readMapRows, refreshCorpusSummary } from '../corpora/corpus-summary';
import type { Queryable } from '../sql-pool';
import { userMeasureSql } from '../corpora/user-measures';
import { emptyMap, isCharacteristicMap, type CharacteristicMap } from '@/lib/dashboards/characteristic-map';

export type MedianTie = 'lower' | 'upper';

export interface RatingsMapOptions {
  median?: MedianTie;
  /** one annotator's map (their own answers; no median) */
  annotator?: string;
  /** the campaign's pairs of this corpus only (one map per corpus, as the EACL paper's Fig. 2) */
  corpusId?: number;
}

/** Item alias `i`: its pair belongs to the corpus in parameter `$n` (null = any). */
const itemOfCorpus = (n: number) =>
  `($${n}::int IS NULL OR EXISTS (SELECT 1 FROM "Pair" cp WHERE cp."id" = i."pairId" AND cp."corpusId" = $${n}::int))`;

/** The corpus's map from syn and sem, from its stored summary. */
export async function getCorpusMeasureMap(db: Db, corpusId: number): Promise<CharacteristicMap> {
  const { sums } = await getCorpusTotals(db, corpusId);
  return sums.map ?? emptyMap();
}

export interface CorpusMap {
  id: number;
  name: string;
  slug: string;
  map: CharacteristicMap;
  archivedAt: Date | null;
}

/** Every corpus's map from its measures (stored summaries; one without a map is scanned once). */
export async function listCorpusMeasureMaps(db: Db): Promise<CorpusMap[]> {
  await ensureCorpusSummaries(db);
  const rows = await db.$queryRaw<Array<{ id: number; name: string; slug: string; archivedAt: Date | null; map: unknown }>>`
    SELECT c."id", c."name", c."slug", c."archivedAt", s."stats" -> 'map' AS map FROM "Corpus" c JOIN "CorpusSummary" s ON s."corpusId" = c."id" ORDER BY c."name"`;
  const out: CorpusMap[] = [];
  for (const r of rows)
    out.push({
      id: r.id,
      name: r.name,
      slug: r.slug,
      archivedAt: r.archivedAt,
      map: isCharacteristicMap(r.map) ? r.map : ((await refreshCorpusSummary(db, r.id)).sums.map ?? emptyMap()),
    });
  return out;
}

/**
 * The corpus's map with a user measure as its syntactic or semantic axis (or both; the other stays
 * syn or sem), counted over its pairs: user measures are not in the stored summary. Values outside
 * [0, 1] fall into the end bins, as the summary's binning does; pairs without a value are counted apart.
 */
export async function getCorpusMapWithUserAxes(
  db: Queryable,
  corpusId: number,
  axes: { syn: string | null; sem: string | null },
): Promise<CharacteristicMap> {
  const x = axes.syn ? userMeasureSql(axes.syn) : 'p."syn"';
  const y = axes.sem ? userMeasureSql(axes.sem) : 'p."sem"';
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${mapBinSql(x)} AS x, ${mapBinSql(y)} AS y, count(*)::int AS n FROM "Pair" p WHERE p."corpusId" = $1 GROUP BY 1, 2`,
    [corpusId],
  );
  return readMapRows(rows);
}

/** The campaign's pairs (gold left out) mapped by their measures. */
export async function getCampaignMeasureMap(
  db: Queryable,
  campaignId: number,
  corpusId: number | null = null,
): Promise<CharacteristicMap> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT ${mapBinSql('p."syn"')} AS x, ${mapBinSql('p."sem"')} AS y, count(*)::int AS n
     FROM "CampaignItem" i JOIN "Pair" p ON p."id" = i."pairId"
     WHERE i."campaignId" = $1 AND NOT i."isGold" AND ($2::int IS NULL OR p."corpusId" = $2::int) GROUP BY 1, 2`,
    [campaignId, corpusId],
  );
  return readMapRows(rows);
}

/** A 0-4 Likert answer of `question` as an integer, NULL when absent or not a number. */
const likert = (question: 'semantic' | 'syntactic') =>
  `CASE WHEN jsonb_typeof(n."answers" -> '${question}') = 'number' THEN (n."answers" ->> '${question}')::int END`;

/** Ratings of the campaign's non-gold pairs by annotators not excluded, one row per answer. */
/**
 * The answers (alias `n`, annotator `u`) of the campaign in `$1` to its non-gold pairs by annotators
 * not excluded, one row per answer, selecting `columns`.
 */
export function ratedAnswersSql(columns: string): string {
  return `
  SELECT ${columns}
  FROM "Annotation" n
  JOIN "CampaignItem" i ON i."campaignId" = n."campaignId" AND i."pairId" = n."pairId" AND NOT i."isGold"
  JOIN "User" u ON u."id" = n."annotatorId"
  LEFT JOIN "CampaignMember" m ON m."campaignId" = n."campaignId" AND m."userId" = n."annotatorId"
  WHERE n."campaignId" = $1 AND NOT COALESCE(m."excluded", FALSE)`;
}

export const RATED_SQL = ratedAnswersSql(
  `n."pairId", COALESCE(u."pseudonym", 'user-' || u."id") AS annotator, ${likert('semantic')} AS sem, ${likert('syntactic')} AS syn`,
);

/** Per pair: the median semantic and syntactic rating (lower or upper for even counts). */
export function medianRatingsSql(tie: MedianTie): string {
  const order = tie === 'lower' ? '' : ' DESC';
  return `SELECT r."pairId",
      percentile_disc(0.5) WITHIN GROUP (ORDER BY r.syn${order}) AS syn,
      percentile_disc(0.5) WITHIN GROUP (ORDER BY r.sem${order}) AS sem
    FROM (${RATED_SQL}) r GROUP BY r."pairId"`;
}

/**
 * The campaign's map from human ratings: every non-gold pair, placed by its median ratings (or
 * one annotator's answers); pairs without both are `missing`.
 */
export async function getCampaignRatingsMap(
  db: Queryable,
  campaignId: number,
  options: RatingsMapOptions = {},
): Promise<CharacteristicMap> {
  const corpusId = options.corpusId ?? null;
  const { rows } = options.annotator
    ? await db.query<Record<string, unknown>>(
        `SELECT r.syn AS x, r.sem AS y, count(*)::int AS n FROM (${RATED_SQL} AND ${itemOfCorpus(3)}) r WHERE r.annotator = $2 GROUP BY 1, 2`,
        [campaignId, options.annotator, corpusId],
      )
    : await db.query<Record<string, unknown>>(
        `SELECT m.syn AS x, m.sem AS y, count(*)::int AS n
         FROM "CampaignItem" i LEFT JOIN (${medianRatingsSql(options.median ?? 'lower')}) m ON m."pairId" = i."pairId"
         WHERE i."campaignId" = $1 AND NOT i."isGold" AND ${itemOfCorpus(2)} GROUP BY 1, 2`,
        [campaignId, corpusId],
      );
  return readMapRows(rows);
}

/** The campaign's corpora (id, slug, name), by name: one ratings map each on the dashboards. */
export async function listCampaignCorpora(
  db: Queryable,
  campaignId: number,
): Promise<Array<{ id: number; slug: string; name: string }>> {
  const { rows } = await db.query<{ id: number; slug: string; name: string }>(
    `SELECT c."id", c."slug", c."name" FROM "CampaignCorpus" cc JOIN "Corpus" c ON c."id" = cc."corpusId" WHERE cc."campaignId" = $1 ORDER BY c."name", c."id"`,
    [campaignId],
  );
  return rows;
}

/** Pseudonyms of the annotators with ratings in the campaign (excluded ones left out), sorted. */
export async function listRatingAnnotators(db: Queryable, campaignId: number): Promise<string[]> {
  const { rows } = await db.query<{ annotator: string }>(
    `SELECT DISTINCT r.annotator FROM (${RATED_SQL}) r WHERE r.sem IS NOT NULL OR r.syn IS NOT NULL ORDER BY 1`,
    [campaignId],
  );
  return rows.map((r) => r.annotator);
}
