/** DELETE /api/v1/exports/{id}: delete an export of your own that is not running, with its file. */
import { deleteExportContract } from '@/lib/api/contracts/exports';
import { apiRoute } from '@/lib/http/api-route';
import { deleteExport } from '@/lib/http/export-routes';

export const DELETE = apiRoute(deleteExportContract, deleteExport);
