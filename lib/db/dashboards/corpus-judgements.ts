/**
 * A corpus's measures beside human judgements, for the "measures against judgements" analyses
 * (lib/dashboards/judgement-analysis.ts): the corpus's own scores (`referenceScore`: STS-B 0-5,
 * SICK relatedness, PIT votes …), its own binary labels (`referenceIsParaphrase`: MSRPC, PAWS …),
 * or a campaign's final yes/no labels (gold pairs left out). Rows come back as arrays
 * (`rowMode: 'array'`) so a large corpus is a few numbers per pair, not an object each.
 * Column names come from the fixed measure catalogue, never from input.
 */
import { measureKeys, type MeasureKey } from '@/lib/measures/catalog';
import type { AnyMeasureKey } from '@/lib/measures/user-measures';
import { isReferenceCounts, type ReferenceCounts } from '@/lib/pair-rows/corpus-sums';
import { measureValueSql } from '../pairs/pair-conditions';
import { scanReferenceCounts } from '../corpora/corpus-summary';
import { readStoredQuestions } from '@/lib/annotation/questions';
import type { Queryable } from '../sql-pool';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The most pairs one analysis reads into the web process. Above it, the analysis reads a
 * systematic sample, every k-th pair by id (k the smallest step that keeps it within the limit),
 * and says so: 10,000,000 pairs would otherwise be gigabytes in one request (issue 40).
 */
export const ANALYSIS_ROW_LIMIT = 500_000;

/** The step of the systematic sample that keeps `rows` within the limit (1: every row). */
export function sampleStepFor(rows: number, limit = ANALYSIS_ROW_LIMIT): number {
  return rows <= limit ? 1 : Math.ceil(rows / limit);
}
const sampleCondition = (step: number) => (step > 1 ? ` AND p."id" % ${step} = 0` : '');

export interface ScoredMeasures {
  /** pairs of the corpus */
  total: number;
  /** pairs of the corpus with a reference score (all of them, sampled or not) */
  scored: number;
  /** 1: every scored pair is below; k: every k-th by id (ANALYSIS_ROW_LIMIT) */
  sampleStep: number;
  /** pairs with a reference score (ids, for plots that open a pair), and their scores */
  pairIds: number[];
  scores: number[];
  /** each measure's value for those pairs (null: missing) */
  measures: Record<MeasureKey, (number | null)[]>;
}

/** Every measure of the corpus's pairs that have a reference score (a systematic sample above ANALYSIS_ROW_LIMIT). */
export async function listMeasuresWithReferenceScores(
  db: Queryable,
  corpusId: number,
  limit = ANALYSIS_ROW_LIMIT,
): Promise<ScoredMeasures> {
  const columns = measureKeys.map((k) => `"${k}"`).join(', ');
  const { rows: counts } = await db.query<{ total: string; scored: string }>(
    `SELECT count(*) AS total, count("referenceScore") AS scored FROM "Pair" p WHERE "corpusId" = $1`,
    [corpusId],
  );
  const scored = Number(counts[0]?.scored ?? 0);
  const sampleStep = sampleStepFor(scored, limit);
  const { rows } = await db.query<unknown[]>({
    text: `SELECT "id", "referenceScore", ${columns} FROM "Pair" p WHERE "corpusId" = $1 AND "referenceScore" IS NOT NULL${sampleCondition(sampleStep)} ORDER BY "id"`,
    values: [corpusId],
    rowMode: 'array',
  });
  const measures = Object.fromEntries(measureKeys.map((k) => [k, [] as (number | null)[]])) as Record<
    MeasureKey,
    (number | null)[]
  >;
  const scores: number[] = [];
  const pairIds: number[] = [];
  for (const row of rows) {
    pairIds.push(Number(row[0]));
    scores.push(Number(row[1]));
    measureKeys.forEach((k, i) => measures[k].push(num(row[i + 2])));
  }
  return { total: Number(counts[0]?.total ?? 0), scored, sampleStep, pairIds, scores, measures };
}

export type BinaryJudgement = { kind: 'reference' } | { kind: 'campaign'; campaignId: number; question: string };

export interface LabelledValues {
  /** pairs considered (the corpus's, or the campaign's non-gold pairs) */
  total: number;
  /** pairs without a judgement (null label, or an open final label) */
  missingJudgement: number;
  /** pairs with a judgement but no value of the measure */
  missingMeasure: number;
  /** 1: `values` holds every complete case; k: every k-th by id (ANALYSIS_ROW_LIMIT) */
  sampleStep: number;
  values: number[];
  labels: boolean[];
}

/** The value and the judgement of each pair considered, as SQL over `p` (the pair) and the rows the FROM clause joins. */
function labelledSource(
  measure: AnyMeasureKey,
  corpusId: number,
  judgement: BinaryJudgement,
): { value: string; label: string; from: string; values: unknown[] } {
  const value = measureValueSql(measure);
  if (judgement.kind === 'reference') {
    return { value, label: 'p."referenceIsParaphrase"', from: `"Pair" p WHERE p."corpusId" = $1`, values: [corpusId] };
  }
  // A final yes/no label is a JSON true or false; an open one has no value (or no row yet).
  return {
    value,
    label: `CASE jsonb_typeof(f."value") WHEN 'boolean' THEN (f."value")::text::boolean END`,
    from: `"CampaignItem" i JOIN "Pair" p ON p."id" = i."pairId"
           LEFT JOIN "FinalLabel" f ON f."campaignId" = i."campaignId" AND f."pairId" = i."pairId" AND f."question" = $3
           WHERE p."corpusId" = $1 AND i."campaignId" = $2 AND NOT i."isGold"`,
    values: [corpusId, judgement.campaignId, judgement.question],
  };
}

/**
 * One measure's values on a corpus's pairs beside a binary judgement, complete cases only (a
 * systematic sample of them above ANALYSIS_ROW_LIMIT), with what was left out counted in SQL.
 */
export async function listMeasureWithBinaryJudgement(
  db: Queryable,
  measure: AnyMeasureKey,
  corpusId: number,
  judgement: BinaryJudgement,
  limit = ANALYSIS_ROW_LIMIT,
): Promise<LabelledValues> {
  const { value, label, from, values } = labelledSource(measure, corpusId, judgement);
  const { rows: counts } = await db.query<{ total: string; missingJudgement: string; missingMeasure: string }>(
    `SELECT count(*) AS total, count(*) FILTER (WHERE ${label} IS NULL) AS "missingJudgement",
            count(*) FILTER (WHERE ${label} IS NOT NULL AND ${value} IS NULL) AS "missingMeasure"
     FROM ${from}`,
    values,
  );
  const total = Number(counts[0]?.total ?? 0);
  const missingJudgement = Number(counts[0]?.missingJudgement ?? 0);
  const missingMeasure = Number(counts[0]?.missingMeasure ?? 0);
  const sampleStep = sampleStepFor(total - missingJudgement - missingMeasure, limit);
  const out: LabelledValues = { total, missingJudgement, missingMeasure, sampleStep, values: [], labels: [] };
  if (total - missingJudgement - missingMeasure === 0) return out;
  const { rows } = await db.query<unknown[]>({
    text: `SELECT ${value}, ${label} FROM ${from} AND ${label} IS NOT NULL AND ${value} IS NOT NULL${sampleCondition(sampleStep)} ORDER BY p."id"`,
    values,
    rowMode: 'array',
  });
  for (const [v, l] of rows) {
    out.values.push(Number(v));
    out.labels.push(l === true);
  }
  return out;
}

export interface YesNoQuestionSource {
  /** `campaign:{id}:{question}`, the threshold API's label parameter */
  label: string;
  campaign: string;
  /** the campaign's slug and archive time (pickers leave archived campaigns out: lib/tidy/tidy-rules.ts pickerChoices) */
  slug: string;
  archivedAt: Date | null;
  question: string;
}

/** The yes/no questions of the campaigns that sample this corpus: the labels a threshold analysis can read. */
export async function listYesNoQuestionSources(db: Queryable, corpusId: number): Promise<YesNoQuestionSource[]> {
  const { rows } = await db.query<{ id: number; name: string; slug: string; archivedAt: Date | null; questions: unknown }>(
    `SELECT c."id", c."name", c."slug", c."archivedAt", c."questions" FROM "Campaign" c JOIN "CampaignCorpus" cc ON cc."campaignId" = c."id" WHERE cc."corpusId" = $1 ORDER BY c."id"`,
    [corpusId],
  );
  return rows.flatMap((c) =>
    readStoredQuestions(c.questions)
      .filter((q) => q.type === 'boolean')
      .map((q) => ({
        label: `campaign:${c.id}:${q.key}`,
        campaign: c.name,
        slug: c.slug,
        archivedAt: c.archivedAt,
        question: q.label,
      })),
  );
}

/**
 * How many pairs of the corpus carry each kind of judgement of its own: from the corpus summary
 * (kept by every import, lib/db/corpora/corpus-summary.ts), or counted over the pairs for a
 * summary stored before it kept them (10,000,000 pairs: seconds, against a millisecond).
 */
export async function countReferenceJudgements(db: Queryable, corpusId: number): Promise<ReferenceCounts> {
  const stored = await db.query<{ references: unknown }>(
    `SELECT "stats"->'references' AS "references" FROM "CorpusSummary" WHERE "corpusId" = $1`,
    [corpusId],
  );
  const references = stored.rows[0]?.references;
  if (isReferenceCounts(references)) return { scores: references.scores, labels: references.labels };
  return scanReferenceCounts(async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows, corpusId);
}
