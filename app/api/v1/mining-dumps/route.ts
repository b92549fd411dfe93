/**
 * GET /api/v1/mining-dumps: the files of the dumps folder (PARALENS_DUMPS_DIR, else PARALENS_HOME/dumps) with their sizes
 * (researchers, admins).
 */
import { apiRoute } from '@/lib/http/api-route';
import { listMiningDumpsContract } from '@/lib/api/contracts/mining';
import { listDumps } from '@/lib/jobs/mining/dumps-folder';

export const GET = apiRoute(listMiningDumpsContract, async () => {
  return { status: 200, body: await listDumps() };
});
