/**
 * Exports from the web app and scripts (researchers and admins): queue an export of a corpus, a
 * campaign or an explorer view (the job supervisor runs it), run a failed one again, delete one. Jobs
 * are private to their creator: another user's job id is "not found". Their progress and file are
 * `GET /api/exports/{id}` and `…/file`.
 */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { EXPORT_FORMATS, EXPORT_PARTS } from '@/lib/export/export-options';
import { defineContract } from '../contract';
import { dbIdText } from '../db-numbers';
import { notFound, standardErrors } from '../error-body';

const roles = rolesForArea('explore');
const queued = z.object({ jobId: z.number().int() });

export const startExportContract = defineContract({
  method: 'POST',
  path: '/api/v1/exports',
  summary: 'Queue an export of a corpus, a campaign or an explorer view',
  tags: ['exports'],
  roles,
  body: z
    .object({
      scope: z.enum(['corpus', 'campaign', 'view']),
      slug: z.string().max(200).optional().describe('the corpus or campaign (scope corpus or campaign)'),
      view: z.string().max(4000).optional().describe("an explorer view's query string (scope view)"),
      format: z.enum(EXPORT_FORMATS),
      include: z.array(z.enum(EXPORT_PARTS)).max(EXPORT_PARTS.length),
    })
    .strict(),
  responses: {
    202: { description: 'Queued: the job supervisor starts it', schema: queued },
    ...standardErrors,
    404: notFound('The corpus or campaign'),
  },
});

const jobParams = z.object({ id: dbIdText });

export const rerunExportContract = defineContract({
  method: 'POST',
  path: '/api/v1/exports/{id}/rerun',
  summary: 'Run a failed or cancelled export of your own again',
  tags: ['exports'],
  roles,
  params: jobParams,
  responses: {
    202: { description: 'Queued again', schema: queued },
    ...standardErrors,
    404: notFound('Your failed or cancelled export'),
  },
});

export const deleteExportContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/exports/{id}',
  summary: 'Delete an export of your own that is not running, with its file',
  tags: ['exports'],
  roles,
  params: jobParams,
  responses: {
    200: { description: 'Deleted', schema: queued },
    ...standardErrors,
    404: notFound('Your export that is not running'),
  },
});
