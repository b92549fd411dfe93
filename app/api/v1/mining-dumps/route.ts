/**
 * GET /api/v1/mining-dumps: the files of the dumps folder (PARALENS_DUMPS_DIR, else PARALENS_HOME/dumps) with their sizes
 * (researchers, admins).
 */
import { apiRoute } from '@/lib/http/api-route';
import { listMiningDumpsContract } from '@/lib/api/contracts/mining';
import { listDumps } from '@/lib/services/mining/list-dumps';
import { database } from '@/lib/db/database';
import { listAdminDumpUploads } from '@/lib/db/mining/dump-uploads';

export const GET = apiRoute(listMiningDumpsContract, async () => {
  const listing = await listDumps(await listAdminDumpUploads(database()));
  return { status: 200, body: listing };
});
