/**
 * A campaign's final labels compared with another label set on the same pairs (another campaign's
 * final labels, or the corpus's own labels): lib/dashboards/label-comparison.ts, docs/dashboards.md.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { apiErrorSchema, notFound, standardErrors } from '../error-body';
import { idOrSlugParams } from './shared';
import { MAPPING_PRESETS } from '@/lib/dashboards/label-mapping';

const count = z.number().int().min(0);
const nullableNumber = z.number().nullable();

export const compareQuery = z
  .object({
    question: z.string().min(1).max(100).describe("this campaign's question (not a free-text one)"),
    with: z
      .string()
      .max(300)
      .regex(/^(source(:label|:paraphrase)?|campaign:[^:]+:[^:]+)$/)
      .describe(
        "`campaign:{id or slug}:{question}` (another campaign's final labels), or the corpus's own label of each pair: `source:paraphrase` (its paraphrase label, yes/no), `source:label` (its label: SICK's ENTAILMENT, NEUTRAL, CONTRADICTION, MSRPC's 0/1…), `source` (the first for yes/no questions, the second otherwise)",
      ),
    map: z
      .string()
      .max(2000)
      .optional()
      .describe(
        `how one side's labels count as the other's, applied before comparing: a preset (${Object.keys(MAPPING_PRESETS)
          .map((k) => `\`${k}\`: ${MAPPING_PRESETS[k]!.title}`)
          .join(
            '; ',
          )}; applied to the side whose labels it maps), or \`side:value=target\` entries joined by \`;\` (side \`mine\` or \`other\`, value and target URI-encoded), e.g. \`other:NEUTRAL=no;other:CONTRADICTION=no;other:ENTAILMENT=yes\`. Two label sets that share no value are refused (400) unless mapped`,
      ),
  })
  .strict();

export const labelComparisonSchema = z
  .object({
    question: z.string(),
    with: z.string(),
    n: count.describe('pairs both sides label'),
    onlyThis: count.describe('pairs only this campaign labels (final label decided, the other side has none)'),
    onlyOther: count.describe('pairs only the other side labels'),
    categories: z
      .array(z.string())
      .describe(
        'the matrix\'s categories (after the mapping): the question\'s values in order (yes/no as "yes", "no"), then any other value the sides used',
      ),
    mapping: z
      .object({
        preset: z.string().nullable().describe('the preset it came from, or null for one given value by value'),
        mine: z.record(z.string(), z.string()).describe("this campaign's labels mapped: value → what it counts as"),
        other: z.record(z.string(), z.string()).describe("the other side's labels mapped"),
      })
      .nullable()
      .describe('the mapping the comparison used, null for none'),
    matrix: z
      .array(z.array(count))
      .describe('matrix[i][j]: pairs this campaign labelled categories[i] and the other side categories[j]'),
    agreement: nullableNumber.describe('share of the pairs both label on which the labels are equal'),
    kappa: nullableNumber.describe("Cohen's kappa (unweighted, scikit-learn's cohen_kappa_score)"),
    kappaCi95: z
      .tuple([z.number(), z.number()])
      .nullable()
      .describe(
        '95 % Wald interval, kappa ± 1.96 · SE, SE the large-sample standard error of Fleiss, Cohen & Everitt (1969) as statsmodels computes it',
      ),
    kappaReason: z.string().optional(),
    binary: z
      .object({
        tp: count,
        fp: count,
        fn: count,
        tn: count,
        precision: nullableNumber,
        recall: nullableNumber,
        f1: nullableNumber,
      })
      .nullable()
      .describe('yes/no questions: this campaign as the prediction, the other side as the truth, "yes" the positive class'),
  })
  .meta({ id: 'LabelComparison' });

export const getCampaignComparisonContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}/compare',
  summary:
    "A campaign's final labels against another campaign's or the corpus's own: confusion matrix, agreement, Cohen's kappa, precision, recall, F1",
  tags: ['dashboards'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: idOrSlugParams,
  query: compareQuery,
  responses: {
    200: { description: 'The comparison on the pairs both sides label', schema: labelComparisonSchema },
    ...standardErrors,
    400: {
      description:
        'A question that is not one of the campaign’s (or is free text), a `with` that names no question of that campaign, a `map` that does not read, or two label sets that share no value without a `map` (the message names both sets and the presets that fit)',
      schema: apiErrorSchema,
    },
    404: notFound('The campaign, or the campaign named in `with`'),
  },
});
