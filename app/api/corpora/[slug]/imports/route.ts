/**
 * POST /api/corpora/{slug}/imports?fileName=…: streams an uploaded corpus file to disk, creates a
 * waiting import job and answers with the detected format, so the researcher can confirm or change
 * it before the import starts; with `questionsFor=<job id>` the file is the questions file of that
 * waiting qa-assessed upload. The limits, the checks and the audit entries are the service's
 * (lib/services/imports/upload-import.ts). The body is a file, not JSON, so this is beside /api/v1.
 */
import { z } from 'zod';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { database } from '@/lib/db/database';
import { dbIdText } from '@/lib/api/db-numbers';
import { declaredBytes } from '@/lib/services/uploads/save-upload';
import { uploadImportFile } from '@/lib/services/imports/upload-import';

export const POST = defineRoute({
  roles: rolesForArea('corpora'),
  query: z.object({ fileName: z.string().trim().min(1).max(255), questionsFor: dbIdText.optional() }),
  handler: async ({ request, user, query, params }) =>
    uploadImportFile(database(), user, {
      corpusSlug: params.slug ?? '',
      body: request.body,
      fileName: query.fileName,
      questionsFor: query.questionsFor,
      declaredBytes: declaredBytes(request),
    }),
});
