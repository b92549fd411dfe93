/**
 * The judged-like-a-human report of a model run (docs/models-as-raters.md, docs/statistics.md "The
 * alt-test" and "A model judged like an annotator"): per question the model as one more rater
 * (Krippendorff's alpha with and without it, with bootstrap intervals), against each annotator and
 * against the final labels (kappa, quadratic kappa for ordered questions, accuracy, the confusion
 * matrix with its pairs, precision/recall/F1 for yes/no), the alt-test, the swap probe and the
 * expected ratings; per stratum; the model's characteristic map beside the humans'. The schemas
 * mirror lib/model-raters/report/judge-types.ts.
 */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { defineContract } from '../contract';
import { notFound, standardErrors } from '../error-body';
import { idOrSlugParams, idParams } from './shared';
import { modelRunSchema } from './model-runs';

const estimate = z
  .object({ value: z.number().nullable(), reason: z.string().optional().describe('why the value is undefined (value null)') })
  .meta({ id: 'Estimate' });
const interval = z.tuple([z.number(), z.number()]).nullable();
const cell = z.object({ n: z.number().int(), pairIds: z.array(z.number().int()).describe('at most idsCap, ascending') });

const confusionSchema = z
  .object({
    categories: z.array(z.string()),
    rows: z.string(),
    columns: z.string(),
    cells: z.array(z.array(cell)).describe('cells[row][column]'),
    idsCap: z.number().int(),
  })
  .meta({ id: 'ConfusionMatrix' });

const alphaFigure = z.object({
  alpha: estimate,
  ci95: interval,
  ciReason: z.string().optional(),
  units: z.number().int(),
  pairableValues: z.number().int(),
  coders: z.number().int(),
});

const altTestAnnotator = z.object({
  annotator: z.string(),
  n: z.number().int(),
  test: z.enum(['t', 'wilcoxon', 'skipped']),
  reason: z.string().optional(),
  wilcoxonMethod: z.string().optional(),
  statistic: estimate,
  pValue: estimate.describe('one-sided p-value of H0: mean d >= epsilon'),
  rejected: z.boolean().describe('rejected by Benjamini-Yekutieli: the model wins against this annotator'),
  advantage: estimate.describe('rho_j: share of pairs where the model aligns at least as well as this annotator'),
  differences: z.object({ annotatorBetter: z.number().int(), tie: z.number().int(), modelBetter: z.number().int() }),
});

const altTestSchema = z
  .object({
    scoring: z.enum(['accuracy', 'neg_rmse']),
    epsilon: z.number(),
    q: z.number(),
    smallSample: z.enum(['wilcoxon', 'skip']),
    minItemsPerHuman: z.number().int(),
    minHumansPerItem: z.number().int(),
    items: z.object({ kept: z.number().int(), fewHumans: z.number().int(), noModel: z.number().int() }),
    annotators: z.array(altTestAnnotator),
    tested: z.number().int(),
    winningRate: estimate.describe('omega: the share of tested annotators the model wins against'),
    advantageProbability: estimate.describe('rho: the mean advantage probability'),
    passed: z.boolean().nullable().describe('omega >= 0.5'),
    jointTests: z.number().int().optional(),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'AltTestResult' });

export const questionJudgeReportSchema = z
  .object({
    question: z.string(),
    level: z.enum(['ordinal', 'nominal']),
    scoring: z.enum(['accuracy', 'neg_rmse']),
    scoringName: z.string(),
    categories: z.array(z.string()),
    pairs: z.object({
      compared: z.number().int(),
      humansOnly: z.number().int(),
      modelOnly: z.number().int(),
      invalidAnswers: z.object({ model: z.number().int(), humans: z.number().int() }),
    }),
    alpha: z.object({
      humans: alphaFigure,
      withModel: alphaFigure,
      bootstrap: z.object({ resamples: z.number().int(), seed: z.number().int() }),
    }),
    humans: z.array(
      z.object({
        annotator: z.string().describe('the annotator’s pseudonym'),
        n: z.number().int(),
        accuracy: estimate,
        kappa: estimate,
        quadraticKappa: estimate.optional(),
      }),
    ),
    final: z.object({
      n: z.number().int(),
      open: z.object({ total: z.number().int(), byMethod: z.record(z.string(), z.number().int()) }),
      noFinal: z.number().int(),
      accuracy: estimate,
      kappa: estimate.extend({ ci95: interval, se: z.number().nullable() }),
      quadraticKappa: estimate.optional(),
      confusion: confusionSchema,
      binary: z
        .object({
          tp: z.number().int(),
          fp: z.number().int(),
          fn: z.number().int(),
          tn: z.number().int(),
          precision: estimate,
          recall: estimate,
          f1: estimate,
        })
        .nullable(),
    }),
    altTest: altTestSchema,
    swap: z.object({ n: z.number().int(), identical: estimate, kappa: estimate, confusion: confusionSchema }).nullable(),
    expected: z.object({ n: z.number().int(), pearson: estimate, answerPearson: estimate }).nullable(),
    repeat: z
      .object({ runId: z.number().int(), n: z.number().int(), identical: estimate, kappa: estimate, confusion: confusionSchema })
      .nullable()
      .describe('a repeat of an earlier run: how often this run gives that run’s answer (drift)'),
  })
  .meta({ id: 'QuestionJudgeReport' });

const drillMap = z.object({
  cells: z.array(z.array(z.number())).describe('cells[syn][sem]'),
  missing: z.number(),
  pairIds: z.array(z.array(z.array(z.number().int()))),
  idsCap: z.number().int(),
});

export const judgeMapsSchema = z
  .object({
    pairs: z.number().int(),
    lacking: z.object({ model: z.number().int(), humans: z.number().int() }),
    model: drillMap,
    humans: drillMap,
    difference: z.object({
      cells: z.array(z.array(z.number())),
      shares: z.array(z.array(z.number().nullable())),
      pairIds: z.array(z.array(z.array(z.number().int()))),
    }),
  })
  .meta({ id: 'JudgeMaps' });

export const reportQuerySchema = z.object({
  question: z
    .string()
    .min(1)
    .max(40)
    .optional()
    .describe('one question key (default: every question the run asked but free text)'),
  epsilon: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.2)
    .describe('the alt-test’s margin: 0.2 experts, 0.15 skilled annotators, 0.1 crowd'),
  by: z
    .string()
    .max(60)
    .optional()
    .describe('strata: corpus, cell (syn x sem bins of the measures) or decile:MEASURE (a catalogue measure or u.NAME)'),
  smallSample: z.enum(['wilcoxon', 'skip']).default('wilcoxon').describe('below 30 pairs per annotator'),
  fdr: z.enum(['per-stratum', 'across-strata']).default('per-stratum'),
  resamples: z.coerce.number().int().min(0).max(10_000).default(1000).describe('bootstrap resamples of the alpha intervals'),
});

export const getModelRunReportContract = defineContract({
  method: 'GET',
  path: '/api/v1/model-runs/{id}/report',
  summary:
    'The model judged like an annotator: alpha with and without it, kappa against each annotator and the final labels, the alt-test, per stratum, its map',
  description:
    'On the pairs both the model and the annotators answered. Pairs whose final label is open are left out of the comparisons with the final label and counted apart. Computed on a worker thread.',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: idParams,
  query: reportQuerySchema,
  responses: {
    200: {
      description: 'The report',
      schema: z
        .object({
          run: modelRunSchema,
          settings: z.object({
            epsilon: z.number(),
            smallSample: z.enum(['wilcoxon', 'skip']),
            fdr: z.enum(['per-stratum', 'across-strata']),
            resamples: z.number().int(),
          }),
          questions: z.array(questionJudgeReportSchema),
          strata: z
            .object({
              by: z.string(),
              order: z.array(z.string()),
              ranges: z.record(z.string(), z.tuple([z.number(), z.number()])).nullable(),
              unassigned: z.number().int(),
              fdr: z.enum(['per-stratum', 'across-strata']),
              questions: z.record(z.string(), z.array(questionJudgeReportSchema.extend({ stratum: z.string() }))),
            })
            .nullable(),
          maps: judgeMapsSchema.nullable().describe('when the run asked both the semantic and the syntactic rating'),
        })
        .meta({ id: 'ModelRunReport' }),
    },
    ...standardErrors,
    404: notFound('The model run'),
  },
});

export const compareModelRunsContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}/model-runs/compare',
  summary:
    'A campaign’s model runs side by side on one question (model, prompt version, temperature, samples and their agreement figures)',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: idOrSlugParams,
  query: reportQuerySchema.omit({ by: true, fdr: true, question: true, resamples: true }).extend({
    question: z.string().min(1).max(40).describe('the question key'),
    resamples: z.coerce.number().int().min(0).max(2000).default(200),
  }),
  responses: {
    200: {
      description: 'One row per run, newest first; `report` null (with `reason`) for a run that did not ask the question',
      schema: z.object({
        question: z.string(),
        rows: z.array(
          z.object({ run: modelRunSchema, report: questionJudgeReportSchema.nullable(), reason: z.string().nullable() }),
        ),
      }),
    },
    ...standardErrors,
    404: notFound('The campaign'),
  },
});
