/**
 * GET /api/exports/{id}/file: the finished export (CSV, JSON Lines, or an HF folder as .tar.gz), to its
 * creator only. A file in another instance's files folder, or a files folder failing its check, is
 * a 503 that says why and what to do (lib/runtime/files-folder-status.ts).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { database } from '@/lib/db/database';
import { getOwnExportJob } from '@/lib/db/exports/export-jobs';
import { parseDbId } from '@/lib/api/db-numbers';
import { requireJobFiles } from '@/lib/runtime/files-folder-status';

const CONTENT_TYPES = {
  CSV: 'text/csv; charset=utf-8',
  JSONL: 'application/x-ndjson; charset=utf-8',
  HF: 'application/gzip',
} as const;

export const GET = defineRoute({
  roles: rolesForArea('explore'),
  handler: async ({ params, user }) => {
    const id = parseDbId(params.id);
    const job = id === null ? null : await getOwnExportJob(database(), id, user.id);
    if (!job) throw new AppError('NOT_FOUND', 'That export does not exist.');
    // Another instance's folder, or this one's failing its check: a 503 that says so, not a 404.
    if (job.status === 'SUCCEEDED' && job.filePath) await requireJobFiles(database(), job.filesFolderId, 'This export');
    const info = job.status === 'SUCCEEDED' && job.filePath ? await stat(job.filePath).catch(() => null) : null;
    if (!job.filePath || !info) throw new AppError('NOT_FOUND', 'This export has no file (it has not finished, or it failed).');
    const body = Readable.toWeb(createReadStream(job.filePath)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: {
        'content-type': CONTENT_TYPES[job.format],
        'content-length': String(info.size),
        'content-disposition': `attachment; filename="export-${path.basename(job.filePath)}"`,
      },
    });
  },
});
