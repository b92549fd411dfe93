/** GET /api/imports/{id}/rejects: the rejected records of a --skip-invalid import, as JSON Lines. */
import { createReadStream, existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { AppError } from '@/lib/errors/app-error';
import { defineRoute } from '@/lib/http/route';
import { rolesForArea } from '@/lib/access/roles';
import { database } from '@/lib/db/database';
import { getImportJob } from '@/lib/db/imports/import-job-views';
import { parseDbId } from '@/lib/api/db-numbers';

export const GET = defineRoute({
  roles: rolesForArea('corpora'),
  handler: async ({ params }) => {
    const id = parseDbId(params.id);
    const job = id === null ? null : await getImportJob(database(), id);
    if (!job?.rejectsPath || !existsSync(job.rejectsPath))
      throw new AppError('NOT_FOUND', 'This import has no rejected records.');
    const body = Readable.toWeb(createReadStream(job.rejectsPath)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'content-disposition': `attachment; filename="import-${job.id}-rejects.jsonl"`,
      },
    });
  },
});
