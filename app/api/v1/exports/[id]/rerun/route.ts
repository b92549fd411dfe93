/** POST /api/v1/exports/{id}/rerun: run a failed or cancelled export of your own again. */
import { rerunExportContract } from '@/lib/api/contracts/exports';
import { apiRoute } from '@/lib/http/api-route';
import { rerunExport } from '@/lib/services/exports/queue-export';

export const POST = apiRoute(rerunExportContract, async ({ params, user }) => ({
  status: 202,
  body: await rerunExport(user, Number(params.id)),
}));
