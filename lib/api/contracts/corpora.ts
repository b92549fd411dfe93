/** Corpus contracts: the list with counts, tier, licence and attribution. */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { defineContract } from '../contract';
import { standardErrors } from '../errors';

export const corpusSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    tier: z.enum(['GOLD', 'SILVER', 'BRONZE', 'NONE']),
    pairs: z.number().int(),
    texts: z.number().int(),
    language: z.string(),
    measureTokenizer: z
      .string()
      .nullable()
      .describe(
        'the tokenizer its measures used: rouge-score (English, the paper’s), unicode+snowball-es, intl-segmenter-ja…; null while empty',
      ),
    source: z.string().nullable(),
    licence: z.string().nullable(),
    attribution: z.string().nullable(),
    description: z.string().nullable(),
    archived: z.boolean().describe('archived corpora are listed only with `archived=include`'),
  })
  .meta({ id: 'Corpus' });

export const listCorpora = defineContract({
  method: 'GET',
  path: '/api/v1/corpora',
  summary: 'Every corpus with its pair and text counts, tier, licence and attribution',
  tags: ['corpora'],
  roles: rolesForArea('explore'),
  query: z.object({
    archived: z.enum(['exclude', 'include']).default('exclude').describe('`include` lists archived corpora too'),
  }),
  responses: {
    200: { description: 'The corpora by name', schema: z.object({ corpora: z.array(corpusSchema) }) },
    ...standardErrors,
  },
});
