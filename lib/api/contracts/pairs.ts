/** Pair contracts (the read API of the explorer adds the list). */
import { z } from 'zod';
import { defineContract } from '../contract';
import { notFound, standardErrors } from '../errors';
import { idParams } from './shared';

const textSchema = z.object({ id: z.number().int(), content: z.string(), type: z.enum(['CAPTION', 'ALT_TEXT', 'SENTENCE']), sourcePage: z.string().nullable(), sourceTitle: z.string().nullable() });

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
    measures: z.record(z.string(), z.number().nullable()).optional().describe('every measure of the catalogue (researchers and admins only)'),
  })
  .meta({ id: 'Pair' });

export const getPair = defineContract({
  method: 'GET',
  path: '/api/v1/pairs/{id}',
  summary: 'A pair in stored order with its corpus, texts, image, measures and source label',
  description: 'Researchers and admins see everything; annotators only pairs assigned to them, and then without measures or labels.',
  tags: ['pairs'],
  roles: ['ADMIN', 'RESEARCHER', 'ANNOTATOR'],
  params: idParams,
  responses: { 200: { description: 'The pair', schema: pairSchema }, ...standardErrors, 404: notFound('The pair (or, for annotators, it is not assigned to them)') },
});
