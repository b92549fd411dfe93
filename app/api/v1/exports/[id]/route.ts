/** DELETE /api/v1/exports/{id}: delete an export of your own that is not running, with its file. */
import { deleteExportContract } from '@/lib/api/contracts/exports';
import { apiRoute } from '@/lib/http/api-route';
import { deleteExport } from '@/lib/services/exports/queue-export';

export const DELETE = apiRoute(deleteExportContract, async ({ params, user }) => ({
  status: 200,
  body: await deleteExport(user, Number(params.id)),
}));
