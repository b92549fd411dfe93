/** The error body every /api/v1 route answers with, and the standard error responses of a contract. */
import { z } from 'zod';
import type { ApiResponseSpec } from './contract';

export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.enum([
        'UNAUTHENTICATED',
        'FORBIDDEN',
        'NOT_FOUND',
        'CONFLICT',
        'INVALID_INPUT',
        'TOO_LARGE',
        'RATE_LIMITED',
        'INSUFFICIENT_STORAGE',
        'UNAVAILABLE',
        'INTERNAL',
      ]),
      // TOO_LARGE (413) comes from the web server in front of every route (lib/runtime/front-door.ts)
      message: z.string(),
      /** INVALID_INPUT: what is wrong, per field (e.g. "answers.semantic": "must be an integer from 0 to 4") */
      fields: z.record(z.string(), z.string()).optional(),
      /** INTERNAL: the reference of the server log entry */
      reference: z.string().optional(),
    }),
  })
  .passthrough()
  .meta({ id: 'ApiError' });

const error = (description: string): ApiResponseSpec => ({ description, schema: apiErrorSchema });

export const standardErrors = {
  400: error('Malformed parameters or body: `error.fields` says what is wrong'),
  401: error('No valid session or API token (revoked and expired tokens included)'),
  403: error('The role may not do this'),
} as const;

export const notFound = (what: string): ApiResponseSpec => error(`${what} does not exist or is not visible to the caller`);
export const conflict = (what: string): ApiResponseSpec => error(what);
/**
 * 503 UNAVAILABLE: this instance's files folder fails its check (lib/runtime/files-folder-status.ts);
 * the message says why and how to fix it
 */
export const filesFolderUnavailable: ApiResponseSpec = error(
  "This instance's files folder (PARALENS_SHARED_DIR, else PARALENS_HOME) is missing, read-only or not the one the other instances use: the message names the cause and the fix",
);
