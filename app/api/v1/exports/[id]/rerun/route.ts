/** POST /api/v1/exports/{id}/rerun: run a failed or cancelled export of your own again. */
import { rerunExportContract } from '@/lib/api/contracts/exports';
import { apiRoute } from '@/lib/http/api-route';
import { rerunExport } from '@/lib/http/export-routes';

export const POST = apiRoute(rerunExportContract, rerunExport);
