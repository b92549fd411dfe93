/** GET /api/v1/mining-dumps: the files of the dumps folder (PARALENS_DUMPS_DIR) with their sizes (researchers, admins). */
import { apiRoute } from '@/lib/http/api-route';
import { listMiningDumpsContract } from '@/lib/api/contracts/mining';
import { listDumps } from '@/lib/jobs/mining/dumps-folder';

export const GET = apiRoute(listMiningDumpsContract, async () => {
  const listing = await listDumps();
  return { status: 200, body: listing.configured ? listing : { configured: false, dir: null, exists: false, dumps: [] } };
});
