/** Corpus contracts: the list with counts, tier, licence and attribution; creating one; its language. */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { defineContract } from '../contract';
import { isLanguageCode } from '@/lib/naming/language';
import { conflict, notFound, standardErrors } from '../error-body';

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

export const listCorporaContract = defineContract({
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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || null);

export const createCorpusContract = defineContract({
  method: 'POST',
  path: '/api/v1/corpora',
  summary: 'Create an empty corpus (researchers, admins); files are imported into it afterwards',
  tags: ['corpora'],
  roles: rolesForArea('corpora'),
  body: z
    .object({
      name: z.string().trim().min(1, 'Enter a name.').max(120),
      tier: z.enum(['NONE', 'GOLD', 'SILVER', 'BRONZE']).default('NONE'),
      description: optionalText(1000),
      source: optionalText(500),
      licence: optionalText(200),
      attribution: optionalText(1000),
    })
    .strict(),
  responses: {
    201: { description: 'Created', schema: z.object({ id: z.number().int(), slug: z.string() }) },
    ...standardErrors,
    409: conflict('A corpus of that name exists'),
  },
});

export const setCorpusLanguageContract = defineContract({
  method: 'PUT',
  path: '/api/v1/corpora/{slug}/language',
  summary: 'Set the corpus language (ISO 639-1) when the detector got it wrong',
  tags: ['corpora'],
  roles: rolesForArea('corpora'),
  params: z.object({ slug: z.string().min(1).max(200) }),
  body: z
    .object({ language: z.string().trim().refine(isLanguageCode, 'Enter a two-letter ISO 639-1 code such as en or es.') })
    .strict(),
  responses: {
    200: { description: 'The language now', schema: z.object({ language: z.string() }) },
    ...standardErrors,
    404: notFound('The corpus'),
  },
});
