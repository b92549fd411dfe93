/**
 * A corpus's user measures (a model's scores brought as measures: lib/db/corpora/user-measures.ts): the
 * list, an upload of a scores file's text (what `paralens import-scores` does), and a delete.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { apiErrorSchema, notFound, standardErrors } from '../error-body';
import { ANNOTATION_FILE_FORMATS } from '@/lib/import/annotation-format';
import { MEASURE_AXES } from '@/lib/measures/user-measures';
import { corpusMapParams } from './dashboards';

const userMeasureSchema = z
  .object({
    name: z.string().describe('as the explorer and exports name it: u.NAME in filters and sorts, NAME in export columns'),
    description: z.string().nullable(),
    source: z.string().nullable().describe('the name of the file the values came from'),
    axis: z.enum(MEASURE_AXES).describe('the characteristic-map axis it may serve as (sem and delta are never changed)'),
    createdAt: z.string().describe('ISO time of the (last) import'),
    createdBy: z.string().nullable().describe('e-mail of who imported it (null from the command line)'),
    n: z.number().int().describe('pairs with a value'),
  })
  .meta({ id: 'UserMeasure' });

export const listUserMeasuresContract = defineContract({
  method: 'GET',
  path: '/api/v1/corpora/{slug}/measures',
  summary: "The corpus's user measures (a model's scores imported with import-scores), by name",
  tags: ['corpora'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: corpusMapParams,
  responses: {
    200: { description: 'The measures', schema: z.object({ measures: z.array(userMeasureSchema) }) },
    ...standardErrors,
    404: notFound('The corpus'),
  },
});

export const importScoresContract = defineContract({
  method: 'POST',
  path: '/api/v1/corpora/{slug}/measures',
  summary: "Import a model's scores as measures of the corpus from a file (CSV, TSV or JSON Lines), all or nothing",
  description:
    'What `paralens import-scores` does, on the file’s text: `map` names each row’s pair (`id=COL`: Paralens pair ids, the `pair_id` of an export; `pair=COL`: original ids; `a=COL,b=COL`: the two texts as stored, either order), `measures` the values (`NAME=COL[,NAME=COL]`; names are lowercase identifiers other than the catalogue’s keys), `axes` optionally `NAME=semantic|syntactic`. A name imported again has its values replaced, by the user who imported it or an admin (anyone else: 403, nothing written). When any row cannot be read, has a value that is not a number, matches no pair or a pair an earlier row matched, nothing is written and `error.fields` lists each such row as `line N` (the first 100).',
  tags: ['corpora'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: corpusMapParams,
  body: z
    .object({
      format: z.enum(ANNOTATION_FILE_FORMATS),
      map: z.string().trim().min(1).max(2000),
      measures: z.string().trim().min(1).max(2000),
      axes: z.string().trim().max(2000).optional(),
      description: z.string().trim().max(2000).optional(),
      fileName: z.string().trim().max(300).optional().describe('kept as the measures’ source'),
      content: z.string().min(1).max(5_000_000).describe('the file’s text (UTF-8), at most 5 million characters'),
    })
    .strict(),
  responses: {
    200: {
      description: 'Every row imported',
      schema: z.object({
        pairs: z.number().int(),
        measures: z.array(
          z.object({
            name: z.string(),
            values: z.number().int(),
            replaced: z.boolean().describe('an earlier import of this name was replaced'),
          }),
        ),
        summary: z.string(),
      }),
    },
    ...standardErrors,
    400: {
      description:
        'A malformed body, a column map or measure list that does not fit, or rows that cannot be imported (`error.fields`: `line N` → what is wrong); nothing was written',
      schema: apiErrorSchema,
    },
    404: notFound('The corpus'),
  },
});

export const deleteUserMeasureContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/corpora/{slug}/measures/{name}',
  summary: 'Delete a user measure of the corpus and all its values',
  description: 'Only the user who imported the measure, or an admin, may delete it (anyone else: 403).',
  tags: ['corpora'],
  roles: ['ADMIN', 'RESEARCHER'],
  params: z.object({ slug: z.string().min(1).max(200), name: z.string().min(1).max(100) }),
  responses: { 204: { description: 'Deleted with its values' }, ...standardErrors, 404: notFound('The corpus or the measure') },
});
