/**
 * Every measure's distribution split by a label, for a corpus (its own paraphrase label or its label)
 * or a campaign (a question's final label): lib/dashboards/distributions.ts, docs/dashboards.md.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { apiErrorSchema, notFound, standardErrors } from '../error-body';
import { isMeasureKey, measureKeys } from '@/lib/measures/catalog';
import { isUserMeasureKey } from '@/lib/measures/user-measures';
import { corpusMapParams } from './dashboards';
import { idOrSlugParams } from './shared';

const count = z.number().int().min(0);

const measuresParam = z
  .string()
  .max(500)
  .transform((v) => [...new Set(v.split(',').map((k) => k.trim()))])
  .refine((keys) => keys.every((k) => isMeasureKey(k) || isUserMeasureKey(k)), {
    message: `a comma-separated list of ${measureKeys.join(', ')} or u.NAME (a measure of your own)`,
  })
  .optional()
  .describe(
    'only these measures (comma-separated catalogue keys, or u.NAME for a measure imported with paralens import-scores); default every measure, yours included',
  );

export const corpusDistributionsQuery = z
  .object({
    by: z
      .enum(['reference', 'label'])
      .default('reference')
      .describe(
        "reference: the corpus's own paraphrase label (yes, no); label: its label (e.g. SICK's entailment), when it has at most 12 distinct values",
      ),
    measures: measuresParam,
  })
  .strict();

export const campaignDistributionsQuery = z
  .object({
    question: z
      .string()
      .min(1)
      .max(100)
      .describe(
        "the question whose final label splits the campaign's pairs (yes/no, the relation, a choice or a rating; not free text)",
      ),
    measures: measuresParam,
  })
  .strict();

const groupSchema = z.object({
  group: z.string(),
  n: count.describe('pairs of the group with a value of the measure'),
  min: z.number(),
  q1: z.number().describe('25th percentile, linear interpolation (percentile_cont, numpy.percentile)'),
  median: z.number(),
  q3: z.number().describe('75th percentile'),
  max: z.number(),
  whiskerLow: z.number().describe('the lowest value at or above q1 − 1.5 IQR (matplotlib, seaborn)'),
  whiskerHigh: z.number().describe('the highest value at or below q3 + 1.5 IQR'),
  mean: z.number(),
  histogram: z.array(count).describe('counts per bin of the measure’s `edges` (the last bin includes its top edge)'),
});

export const distributionsSchema = z
  .object({
    by: z.string().describe('what splits the pairs: reference, label, or the question'),
    groups: z
      .array(z.object({ group: z.string(), pairs: count }))
      .describe('every group with its number of pairs, in the label’s order'),
    unlabelled: count.describe('pairs without a label to group by, left out'),
    measures: z
      .array(
        z.object({
          measure: z.string(),
          label: z.string(),
          edges: z
            .array(z.number())
            .describe(
              'the histogram’s bin edges, the same for every group: [0, 1] in 20 bins when every value lies there, else the smallest to the largest value',
            ),
          groups: z.array(groupSchema).describe('the groups with a value of this measure'),
        }),
      )
      .describe('the measures with at least one value, in catalogue order'),
  })
  .meta({ id: 'Distributions' });

const responses = (what: string) => ({
  200: { description: 'The distributions', schema: distributionsSchema },
  ...standardErrors,
  400: { description: `An unknown measure, or ${what}`, schema: apiErrorSchema },
});

export const getCorpusDistributionsContract = defineContract({
  method: 'GET',
  path: '/api/v1/corpora/{slug}/distributions',
  summary: "Every measure's distribution (box-plot figures and a histogram) split by the corpus's own label",
  tags: ['dashboards'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: corpusMapParams,
  query: corpusDistributionsQuery,
  responses: { ...responses('a split by label of a corpus with more than 12 distinct labels'), 404: notFound('The corpus') },
});

export const getCampaignDistributionsContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}/distributions',
  summary: "Every measure's distribution (box-plot figures and a histogram) split by a question's final label",
  tags: ['dashboards'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: idOrSlugParams,
  query: campaignDistributionsQuery,
  responses: { ...responses('a question the campaign does not ask (or a free-text one)'), 404: notFound('The campaign') },
});
