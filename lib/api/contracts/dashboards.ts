/**
 * Dashboard contracts: characteristic maps (corpus from its measures, campaign from measures or
 * ratings), agreement per question, correlations of the measures with the ratings (paper Table 6).
 * Researchers and admins, by session or token (docs/dashboards.md).
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { dbInt } from '../db-numbers';
import { notFound, standardErrors } from '../error-body';
import { idOrSlugParams } from './shared';

const count = z.number().int().min(0);
const nullableNumber = z.number().nullable();
const interval = z.tuple([z.number(), z.number()]).nullable();

export const mapSchema = z
  .object({
    cells: z
      .array(z.array(count).length(5))
      .length(5)
      .describe(
        'cells[synBin][semBin], bin 0 the lowest: five equal-width bins on [0, 1] (1.0 in the top bin), or the 0-4 rating',
      ),
    missing: count.describe('pairs lacking a syn or sem value (or rating), counted apart'),
  })
  .meta({ id: 'CharacteristicMap' });

export const corpusMapParams = z.object({ slug: z.string().min(1).max(200) });
const userAxis = (axis: string) =>
  z
    .string()
    .regex(/^u\.[a-z][a-z0-9_]{0,39}$/, 'u.NAME: a measure of the corpus imported with import-scores')
    .optional()
    .describe(
      `u.NAME: a user measure marked as a ${axis} axis (import-scores --axis NAME=${axis}) in place of ${axis === 'semantic' ? 'sem' : 'syn'}; the map is then counted over the pairs`,
    );

export const corpusMapQuery = z
  .object({
    source: z.literal('measures').default('measures').describe('a corpus map is drawn from its measures (syn, sem)'),
    syn: userAxis('syntactic'),
    sem: userAxis('semantic'),
  })
  .strict();

export const getCorpusMapContract = defineContract({
  method: 'GET',
  path: '/api/v1/corpora/{slug}/map',
  summary: "A corpus's characteristic map (syn × sem, 5 × 5) from its measures",
  tags: ['dashboards'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: corpusMapParams,
  query: corpusMapQuery,
  responses: { 200: { description: 'The map', schema: mapSchema }, ...standardErrors, 404: notFound('The corpus') },
});

export const campaignMapQuery = z
  .object({
    source: z.enum(['ratings', 'measures']).default('ratings'),
    annotator: z.string().min(1).max(64).optional().describe('ratings: one annotator (pseudonym) instead of the per-pair median'),
    median: z.enum(['lower', 'upper']).default('lower').describe('ratings: which median an even number of ratings takes'),
    corpus: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe(
        "one of the campaign's corpora (slug): the map of its pairs only (the EACL 2023 paper's Fig. 2 draws one map per dataset)",
      ),
  })
  .strict();

export const getCampaignMapContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}/map',
  summary:
    "A campaign's characteristic map from the median human ratings (or one annotator's, or the measures); gold pairs left out",
  tags: ['dashboards'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: idOrSlugParams,
  query: campaignMapQuery,
  responses: {
    200: { description: 'The map', schema: mapSchema },
    ...standardErrors,
    404: notFound('The campaign (or the annotator, or the corpus among its corpora)'),
  },
});

export const questionAgreementSchema = z
  .object({
    level: z.enum(['ordinal', 'nominal']),
    krippendorffAlpha: nullableNumber.describe('ordinal for Likert and ordinal choices, nominal otherwise'),
    krippendorffAlphaInterval: nullableNumber.optional().describe('Likert questions: alpha at the interval level'),
    fleissKappa: nullableNumber.describe(
      'on the pairs with the most common number of ratings (two or more; a tie goes to the larger number), as `fleissUnits` says; null when no pair has two ratings',
    ),
    fleissUnits: z
      .object({
        ratings: count.describe("the number of ratings of every pair Fleiss' kappa used"),
        used: count.describe('pairs used'),
        leftOut: count.describe('rated pairs with another number of ratings, left out'),
        fewer: count.describe('of those left out, the ones with fewer ratings'),
      })
      .optional(),
    meanCohenKappa: nullableNumber.describe(
      'mean over annotator pairs sharing at least minShared rated pairs; quadratic-weighted for Likert',
    ),
    cohenPairs: z
      .object({ used: count, tooFewShared: count, undefinedKappa: count, minShared: count })
      .optional()
      .describe('annotator pairs in the mean kappa, and those left out (too few shared pairs, or an undefined kappa)'),
    percentAgreement: nullableNumber,
    gwetAC1: nullableNumber.optional().describe("Gwet's AC1, unweighted over the question's categories"),
    units: count.describe('pairable pairs (two or more ratings)'),
    pairableValues: count,
    raters: count,
    ci95: z
      .object({ krippendorffAlpha: interval, bootstrap: z.object({ resamples: count, seed: z.number().int() }) })
      .optional()
      .describe('percentile bootstrap over pairs'),
    undefinedReason: z.string().optional(),
    reasons: z.record(z.string(), z.string()).describe('why each null coefficient is undefined'),
  })
  .meta({ id: 'QuestionAgreement' });

export const agreementQuery = z
  .object({
    bootstrap: z.coerce
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(1000)
      .describe('bootstrap resamples for the 95% interval (0: none)'),
    seed: z.coerce.number().pipe(dbInt.min(0)).default(1),
    minShared: z.coerce
      .number()
      .pipe(dbInt.min(1))
      .default(10)
      .describe('annotator pairs sharing fewer rated pairs are left out of the mean pairwise Cohen kappa'),
    merged: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true')
      .describe(
        'relation questions read with forward and reverse entailment merged into one class (the thesis); default: the six directional classes',
      ),
  })
  .strict();

export const getCampaignAgreementContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}/agreement',
  summary:
    'Inter-annotator agreement per question (Krippendorff, Fleiss, Cohen, Gwet, percent) with bootstrap intervals; gold pairs and excluded annotators left out',
  tags: ['dashboards'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: idOrSlugParams,
  query: agreementQuery,
  responses: {
    200: {
      description: 'Agreement by question key (free-text questions are left out)',
      schema: z.object({ questions: z.record(z.string(), questionAgreementSchema) }),
    },
    ...standardErrors,
    404: notFound('The campaign'),
  },
});

export const correlationCellSchema = z
  .object({
    pearson: nullableNumber,
    spearman: nullableNumber,
    n: count,
    ci95: interval.describe("Fisher z 95% interval of Pearson's r"),
    pValue: nullableNumber.describe("two-sided p of Pearson's r (t test, n − 2 df)"),
    spearmanCi95: interval,
    spearmanPValue: nullableNumber,
    kendall: nullableNumber.describe("Kendall's τ-b (tie-corrected, as scipy.stats.kendalltau)"),
    reason: z.string().optional(),
  })
  .meta({ id: 'Correlation' });

export const correlationsQuery = z
  .object({
    aggregate: z.enum(['mean', 'median']).default('mean').describe('per-pair aggregate of the ratings (median: the lower one)'),
    axis: z
      .string()
      .min(1)
      .max(60)
      .optional()
      .describe(
        'also correlate every measure with this rating axis: an ordered question of the campaign (a Likert scale, or a custom choice question marked ordinal, read as the option position 0, 1, …) or "human.delta" (the aggregated semantic minus syntactic rating); listed in `axes`',
      ),
  })
  .strict();

const measureTable = z.record(z.string(), z.object({ semantic: correlationCellSchema, syntactic: correlationCellSchema }));
const axisTable = z.record(z.string(), correlationCellSchema);
const ratingAxisSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    kind: z.enum(['likert', 'ordinal', 'humanDelta']),
    options: z.array(z.string()).optional().describe('ordinal questions: the options in order (the first is 0)'),
    range: z.tuple([z.number(), z.number()]),
  })
  .meta({ id: 'RatingAxis' });

export const getCampaignCorrelationsContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}/correlations',
  summary:
    'Pearson, Spearman and Kendall correlations of every measure with the human semantic and syntactic ratings (paper Table 6), pooled and per corpus, and with any other rating axis asked for',
  tags: ['dashboards'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: idOrSlugParams,
  query: correlationsQuery,
  responses: {
    200: {
      description: 'Correlations by measure (pooled) and per corpus',
      schema: z.object({
        aggregate: z.enum(['mean', 'median']),
        measures: measureTable,
        byCorpus: z.array(z.object({ corpus: z.string(), n: count, measures: measureTable })),
        axes: z.array(ratingAxisSchema).describe('the rating axes this campaign offers (for `axis`)'),
        axis: z
          .object({
            axis: ratingAxisSchema,
            n: count,
            measures: axisTable,
            byCorpus: z.array(z.object({ corpus: z.string(), n: count, measures: axisTable })),
            userMeasures: axisTable.describe('the user measures of the campaign’s corpora by name, pooled'),
          })
          .optional()
          .describe('every measure against the requested axis; pairs without a value on it are left out'),
        userMeasures: measureTable.describe(
          'the user measures of the campaign’s corpora (paralens import-scores) by name, pooled; pairs without a value left out',
        ),
      }),
    },
    ...standardErrors,
    404: notFound('The campaign'),
  },
});
