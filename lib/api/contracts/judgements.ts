/**
 * Measures against human judgements that come with the data (docs/dashboards.md, "Measures
 * against judgements"): every measure correlated with a corpus's own scores, and a measure's
 * threshold analysis (ROC AUC, best F1, precision and recall at a threshold) against the corpus's
 * own binary labels or a campaign's final yes/no labels. Researchers and admins.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { measureKeys, type MeasureKey } from '@/lib/measures/catalog';
import { notFound, standardErrors } from '../error-body';
import { isUserMeasureKey } from '@/lib/measures/user-measures';
import { correlationCellSchema, corpusMapParams } from './dashboards';

const count = z.number().int().min(0);
const nullableNumber = z.number().nullable();
const measureKey = z.union([
  z.enum(measureKeys as unknown as [MeasureKey, ...MeasureKey[]]),
  z
    .string()
    .regex(/^u\.[a-z][a-z0-9_]{0,39}$/, 'a measure key, or u.NAME for a measure imported with import-scores')
    .refine(isUserMeasureKey, 'u.NAME: NAME is not a user measure name'),
]);

export const getCorpusCorrelationsContract = defineContract({
  method: 'GET',
  path: '/api/v1/corpora/{slug}/correlations',
  summary:
    "Every measure against the corpus's own scores (referenceScore): Pearson, Spearman, Kendall's τ-b, intervals and p-values",
  tags: ['dashboards'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: corpusMapParams,
  query: z.object({}).strict(),
  responses: {
    200: {
      description:
        "Correlations by measure; pairs lacking the score or the measure are left out (each cell's n says how many remain)",
      schema: z.object({
        against: z.literal('referenceScore'),
        n: count.describe('pairs with a reference score'),
        withoutScore: count.describe('pairs without a reference score, left out'),
        sampledFrom: count
          .nullable()
          .describe(
            'null when every pair with a score was read; above 500,000 such pairs, how many there are, of which a systematic sample (every k-th pair by id) was read (n)',
          ),
        measures: z.record(z.string(), correlationCellSchema),
      }),
    },
    ...standardErrors,
    404: notFound('The corpus'),
  },
});

const confusion = z.object({
  threshold: z.number(),
  precision: nullableNumber,
  recall: nullableNumber,
  f1: nullableNumber,
  tp: count,
  fp: count,
  fn: count,
  tn: count,
});

export const thresholdAnalysisSchema = z
  .object({
    measure: measureKey,
    label: z.string().describe('what judged the pairs: source, or campaign:{id}:{question}'),
    n: count.describe('pairs with both a judgement and a value'),
    positives: count,
    withoutJudgement: count.describe('pairs without a judgement (null label, or an open final label), left out'),
    withoutValue: count.describe('pairs without a value of the measure, left out'),
    sampledFrom: count
      .nullable()
      .describe(
        'null when every pair with both was read; above 500,000 such pairs, how many there are, of which a systematic sample (every k-th pair by id) was read (n)',
      ),
    auc: nullableNumber.describe('area under the ROC curve, ties counted half (scikit-learn roc_auc_score)'),
    aucCi95: z.tuple([z.number(), z.number()]).nullable().describe("DeLong's 95% interval"),
    best: z
      .object({ threshold: z.number(), precision: nullableNumber, recall: nullableNumber, f1: nullableNumber })
      .nullable()
      .describe('the distinct value with the highest F1 (ties: the highest threshold)'),
    at: confusion.nullable().describe('at the requested threshold (value ≥ threshold is predicted positive)'),
    curve: z
      .array(z.object({ threshold: z.number(), precision: nullableNumber, recall: z.number(), fpr: z.number(), tpr: z.number() }))
      .describe('PR and ROC points by descending threshold, at most 200'),
    reasons: z.record(z.string(), z.string()).describe('why auc, its interval or best are undefined'),
  })
  .meta({ id: 'ThresholdAnalysis' });

export const thresholdsQuery = z
  .object({
    measure: measureKey.describe('a measure key, or u.NAME: a measure of the corpus imported with import-scores'),
    threshold: z.coerce
      .number()
      .finite()
      .min(-1e6)
      .max(1e6)
      .optional()
      .describe("answer for this threshold too (e.g. the paper's 0.8 for ST)"),
    label: z
      .string()
      .max(300)
      .regex(/^(source|campaign:[^:]+:[^:]+)$/)
      .default('source')
      .describe(
        "source: the corpus's own labels (referenceIsParaphrase); campaign:{id}:{question}: that campaign's final yes/no labels on the corpus's pairs",
      ),
  })
  .strict();

export const getCorpusThresholdsContract = defineContract({
  method: 'GET',
  path: '/api/v1/corpora/{slug}/thresholds',
  summary:
    "A measure's threshold analysis against a binary judgement: ROC AUC with DeLong interval, best F1, precision and recall at a threshold, PR and ROC curves",
  tags: ['dashboards'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: corpusMapParams,
  query: thresholdsQuery,
  responses: {
    200: { description: 'The analysis', schema: thresholdAnalysisSchema },
    ...standardErrors,
    404: notFound('The corpus (or the campaign or question)'),
  },
});
