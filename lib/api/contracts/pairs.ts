/** Pair contracts (the read API of the explorer adds the list). */
import { z } from 'zod';
import { defineContract } from '../contract';
import { notFound, standardErrors } from '../error-body';
import { idParams } from './shared';
import { rolesForArea } from '@/lib/access/roles';
import { measureList } from '@/lib/measures/catalog';
import { pairQuerySchema } from './pair-query';

const textTypeSchema = z.enum(['CAPTION', 'ALT_TEXT', 'SENTENCE']);
const textSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  type: textTypeSchema,
  sourcePage: z.string().nullable(),
  sourceTitle: z.string().nullable(),
});

export const pairSchema = z
  .object({
    id: z.number().int(),
    corpus: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
    a: textSchema,
    b: textSchema,
    image: z.object({ key: z.string(), url: z.string().nullable() }).nullable(),
    originalId: z.string().nullable().optional(),
    referenceLabel: z.string().nullable().optional(),
    referenceScore: z.number().nullable().optional(),
    measures: z
      .record(z.string(), z.number().nullable())
      .optional()
      .describe('every measure of the catalogue (researchers and admins only)'),
  })
  .meta({ id: 'Pair' });

export const getPairContract = defineContract({
  method: 'GET',
  path: '/api/v1/pairs/{id}',
  summary: 'A pair in stored order with its corpus, texts, image, measures and source label',
  description:
    'Researchers and admins see everything; annotators only pairs assigned to them, and then without measures or labels.',
  tags: ['pairs'],
  roles: ['ADMIN', 'RESEARCHER', 'ANNOTATOR'],
  params: idParams,
  responses: {
    200: { description: 'The pair', schema: pairSchema },
    ...standardErrors,
    404: notFound('The pair (or, for annotators, it is not assigned to them)'),
  },
});

/** A listed pair: texts in stored order, the source's label and score, and every measure as a field of its own. */
export const pairListItemSchema = z
  .object({
    id: z.number().int(),
    corpus: z.string().describe('corpus slug'),
    a: z.string(),
    b: z.string(),
    typeA: textTypeSchema,
    typeB: textTypeSchema,
    originalId: z.string().nullable(),
    referenceLabel: z.string().nullable(),
    referenceScore: z.number().nullable(),
    lengthA: z.number().int().describe('words'),
    lengthB: z.number().int().describe('words'),
    ...Object.fromEntries(measureList.map((m) => [m.key, z.number().nullable().describe(`${m.label}: ${m.description}`)])),
    userMeasures: z
      .record(z.string(), z.number())
      .nullable()
      .describe(
        'the measures users imported for the corpus (paralens import-scores), name → value; filter and sort them as u.NAME; null when the pair has none',
      ),
  })
  .meta({ id: 'PairListItem' });

export const listPairsContract = defineContract({
  method: 'GET',
  path: '/api/v1/pairs',
  summary: 'Pairs of one or several corpora, filtered, sorted and paged by cursor',
  description:
    'The same filter as the explorer (docs/explorer.md): its URL parameters work here unchanged. Pages continue with `cursor=<nextCursor>` (keyset: exact while new pairs are imported); `nextCursor` is null on the last page. `total` is counted only with `count=true`: exactly up to 10,000 matching pairs, above that the database estimate (`totalEstimated: true`), so the count never costs more than the page. Researchers and admins only.',
  tags: ['pairs'],
  roles: rolesForArea('explore'),
  query: pairQuerySchema,
  responses: {
    200: {
      description: 'One page',
      schema: z.object({
        pairs: z.array(pairListItemSchema),
        nextCursor: z.string().nullable(),
        total: z.number().int().optional(),
        totalEstimated: z
          .boolean()
          .optional()
          .describe('with count=true: true when total is an estimate (more than 10,000 pairs match), false when counted'),
      }),
    },
    ...standardErrors,
  },
});
