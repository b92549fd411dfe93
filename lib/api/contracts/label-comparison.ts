/**
 * A campaign's final labels compared with another label set on the same pairs (another campaign's
 * final labels, or the corpus's own labels): lib/dashboards/label-comparison.ts, docs/dashboards.md.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { apiErrorSchema, notFound, standardErrors } from '../errors';
import { idOrSlugParams } from './shared';

const count = z.number().int().min(0);
const nullableNumber = z.number().nullable();

export const compareQuery = z
  .object({
    question: z.string().min(1).max(100).describe("this campaign's question (not a free-text one)"),
    with: z
      .string()
      .max(300)
      .regex(/^(source|campaign:[^:]+:[^:]+)$/)
      .describe(
        "`campaign:{id or slug}:{question}` (another campaign's final labels) or `source` (the corpus's own label of each pair: its paraphrase label for yes/no questions, its label otherwise)",
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
        'the matrix\'s categories: the question\'s values in order (yes/no as "yes", "no"), then any other value the sides used',
      ),
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

export const getCampaignComparison = defineContract({
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
        'A question that is not one of the campaign’s (or is free text), or a `with` that names no question of that campaign',
      schema: apiErrorSchema,
    },
    404: notFound('The campaign, or the campaign named in `with`'),
  },
});
