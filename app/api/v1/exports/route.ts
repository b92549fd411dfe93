/** POST /api/v1/exports: queue an export of a corpus, a campaign or an explorer view (researchers, admins). Audited. */
import { startExportContract } from '@/lib/api/contracts/exports';
import { apiRoute } from '@/lib/http/api-route';
import { startExport } from '@/lib/services/exports/queue-export';

export const POST = apiRoute(startExportContract, async ({ body, user }) => ({
  status: 202,
  body: await startExport(user, body),
}));
