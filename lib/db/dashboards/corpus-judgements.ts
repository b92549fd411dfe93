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
import { measureValueSql } from '../pairs/pair-conditions';
import { readStoredQuestions } from '@/lib/annotation/questions';
import type { Queryable } from '../sql-pool';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export interface ScoredMeasures {
  /** pairs of the corpus */
  total: number;
  /** pairs with a reference score (ids, for plots that open a pair), and their scores */
  pairIds: number[];
  scores: number[];
  /** each measure's value for those pairs (null: missing) */
  measures: Record<MeasureKey, (number | null)[]>;
}

/** Every measure of the corpus's pairs that have a reference score. */
export async function listMeasuresWithReferenceScores(db: Queryable, corpusId: number): Promise<ScoredMeasures> {
  const columns = measureKeys.map((k) => `"${k}"`).join(', ');
  const [{ rows: counts }, { rows }] = await Promise.all([
    db.query<{ total: string }>(`SELECT count(*) AS total FROM "Pair" WHERE "corpusId" = $1`, [corpusId]),
    db.query<unknown[]>({
      text: `SELECT "id", "referenceScore", ${columns} FROM "Pair" WHERE "corpusId" = $1 AND "referenceScore" IS NOT NULL ORDER BY "id"`,
      values: [corpusId],
      rowMode: 'array',
    }),
  ]);
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
  return { total: Number(counts[0]?.total ?? 0), pairIds, scores, measures };
}

export type BinaryJudgement = { kind: 'reference' } | { kind: 'campaign'; campaignId: number; question: string };

export interface LabelledValues {
  /** pairs considered (the corpus's, or the campaign's non-gold pairs) */
  total: number;
  /** pairs without a judgement (null label, or an open final label) */
  missingJudgement: number;
  /** pairs with a judgement but no value of the measure */
  missingMeasure: number;
  values: number[];
  labels: boolean[];
}

function labelledSql(measure: AnyMeasureKey, corpusId: number, judgement: BinaryJudgement): { text: string; values: unknown[] } {
  const m = measureValueSql(measure);
  if (judgement.kind === 'reference') {
    return {
      text: `SELECT ${m}, p."referenceIsParaphrase" FROM "Pair" p WHERE p."corpusId" = $1 ORDER BY p."id"`,
      values: [corpusId],
    };
  }
  // A final yes/no label is a JSON true or false; an open one has no value (or no row yet).
  return {
    text: `SELECT ${m}, CASE jsonb_typeof(f."value") WHEN 'boolean' THEN (f."value")::text::boolean END
           FROM "CampaignItem" i JOIN "Pair" p ON p."id" = i."pairId"
           LEFT JOIN "FinalLabel" f ON f."campaignId" = i."campaignId" AND f."pairId" = i."pairId" AND f."question" = $3
           WHERE p."corpusId" = $1 AND i."campaignId" = $2 AND NOT i."isGold" ORDER BY p."id"`,
    values: [corpusId, judgement.campaignId, judgement.question],
  };
}

/** One measure's values on a corpus's pairs beside a binary judgement, complete cases only, with what was left out. */
export async function listMeasureWithBinaryJudgement(
  db: Queryable,
  measure: AnyMeasureKey,
  corpusId: number,
  judgement: BinaryJudgement,
): Promise<LabelledValues> {
  const { rows } = await db.query<unknown[]>({ ...labelledSql(measure, corpusId, judgement), rowMode: 'array' });
  const out: LabelledValues = { total: rows.length, missingJudgement: 0, missingMeasure: 0, values: [], labels: [] };
  for (const [value, label] of rows) {
    if (label === null || label === undefined) out.missingJudgement++;
    else if (value === null || value === undefined) out.missingMeasure++;
    else {
      out.values.push(Number(value));
      out.labels.push(label === true);
    }
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

/** How many pairs of the corpus carry each kind of judgement of its own. */
export async function countReferenceJudgements(db: Queryable, corpusId: number): Promise<{ scores: number; labels: number }> {
  const { rows } = await db.query<{ scores: string; labels: string }>(
    `SELECT count("referenceScore") AS scores, count("referenceIsParaphrase") AS labels FROM "Pair" WHERE "corpusId" = $1`,
    [corpusId],
  );
  return { scores: Number(rows[0]?.scores ?? 0), labels: Number(rows[0]?.labels ?? 0) };
}
