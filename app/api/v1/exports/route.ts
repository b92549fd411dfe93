/** POST /api/v1/exports: queue an export of a corpus, a campaign or an explorer view (researchers, admins). Audited. */
import { startExportContract } from '@/lib/api/contracts/exports';
import { apiRoute } from '@/lib/http/api-route';
import { startExport } from '@/lib/http/export-routes';

export const POST = apiRoute(startExportContract, startExport);
