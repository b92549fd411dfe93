/**
 * An uploaded corpus file before its import starts (the upload itself streams to
 * `POST /api/corpora/{slug}/imports`): its preview (detected format, columns and first rows of a
 * generic CSV / TSV / JSON Lines file, the roles a column can take) and the start, with the column
 * mapping checked against the file before any job is queued (lib/services/imports/start-import.ts).
 */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { IMPORT_FORMATS, TIERS } from '@/lib/import/types';
import { isLanguageCode } from '@/lib/naming/language';
import { defineContract } from '../contract';
import { apiErrorSchema, conflict, notFound, standardErrors } from '../error-body';
import { idParams } from './shared';

const candidateSchema = z.object({
  format: z.enum(IMPORT_FORMATS).describe('the name `format` takes (and `paralens import --format`)'),
  name: z.string().describe('the name users know: MSRPC, Wikipedia-IPC, CSV'),
  title: z.string(),
  usesColumnMap: z.boolean().describe('a generic format read through a column mapping'),
  hasTiers: z.boolean(),
});

export const importPreviewSchema = z
  .object({
    jobId: z.number().int(),
    fileName: z.string(),
    bytes: z.number().int(),
    format: z.enum(IMPORT_FORMATS).nullable().describe('the detected format; null when none fits (`message` says why)'),
    candidates: z.array(candidateSchema).describe('the detected format first, then every other'),
    tier: z.enum(TIERS).nullable(),
    encoding: z.string().nullable(),
    message: z.string().nullable(),
    preview: z
      .object({
        columns: z.array(z.string()).describe('header names (CSV, TSV) or key paths (JSON Lines, dotted into objects)'),
        rows: z.array(z.array(z.string())).describe('the first records, one cell per column'),
        suggested: z
          .record(z.string(), z.string())
          .describe('roles guessed from the column names, as an import without a mapping takes them'),
      })
      .nullable()
      .describe('for a generic format (the detected one, or `format` of the query); null otherwise'),
    roles: z.array(
      z.object({
        key: z.string().describe('the key of `--map`: a, b, id, …, sim.wms'),
        label: z.string(),
        required: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ImportPreview' });

export const getImportPreviewContract = defineContract({
  method: 'GET',
  path: '/api/v1/imports/{id}/preview',
  summary: 'What an uploaded file looks like before its import starts: detected format, columns and first rows',
  tags: ['imports'],
  roles: rolesForArea('corpora'),
  params: idParams,
  query: z.object({
    format: z.enum(IMPORT_FORMATS).optional().describe('preview the columns as this generic format instead of the detected one'),
  }),
  responses: {
    200: { description: 'The preview', schema: importPreviewSchema },
    ...standardErrors,
    404: notFound('The import'),
    409: conflict('The import has already started or ended'),
  },
});

const languageSchema = z.string().trim().refine(isLanguageCode, 'a two-letter ISO 639-1 code such as en or es');

export const startImportContract = defineContract({
  method: 'POST',
  path: '/api/v1/imports/{id}/start',
  summary: 'Start an uploaded import, with its format and, for a generic file, the column of each role',
  description:
    'For CSV, TSV and JSON Lines files the mapping is checked against the file before the job is queued: `columns` (role → column, the roles of the preview) or `map` (the `--map` text), or neither (the columns guessed from the header). The rules are those of `paralens import --map`: both texts from two different columns of the file, known roles, and the first records must read. A mapping that does not fit is answered 400 with `error.fields` naming each role (`columns.b`), and no job starts.',
  tags: ['imports'],
  roles: rolesForArea('corpora'),
  params: idParams,
  body: z
    .object({
      format: z.enum(IMPORT_FORMATS).optional().describe('default: the detected format'),
      tier: z.enum(TIERS).optional(),
      columns: z
        .record(z.string().max(100), z.string().max(1000))
        .optional()
        .describe('role → column; an empty column leaves the role out'),
      map: z.string().trim().min(1).max(2000).optional(),
      skipInvalid: z.boolean().default(false).describe('import the valid records and keep the rejected ones for download'),
      language: languageSchema.optional(),
    })
    .strict(),
  responses: {
    202: {
      description: 'Queued: the job supervisor starts it within a second',
      schema: z.object({
        jobId: z.number().int(),
        map: z.string().nullable().describe('the column mapping the job reads the file with'),
      }),
    },
    ...standardErrors,
    400: {
      description:
        'A malformed body, or a column mapping that does not fit the file (`error.fields`: the role → what is wrong); no job started',
      schema: apiErrorSchema,
    },
    404: notFound('The import'),
    409: conflict('The import has already started or ended'),
  },
});

export const cancelImportContract = defineContract({
  method: 'POST',
  path: '/api/v1/imports/{id}/cancel',
  summary: 'Cancel an import, or discard an upload never started (its uploader or an admin); its file is deleted',
  description:
    '`result` says whether a running import was asked to stop (it stops at its next chunk) or a waiting one ended at once.',
  tags: ['imports'],
  roles: rolesForArea('corpora'),
  params: idParams,
  responses: {
    200: { description: 'Cancelled, or asked to stop', schema: z.object({ jobId: z.number().int(), result: z.string() }) },
    ...standardErrors,
    403: { description: 'The role may not do this, or the import is another user’s', schema: apiErrorSchema },
    404: notFound('The import'),
    409: conflict('The import has already ended'),
  },
});
