/** GET /api/v1/campaigns/{id}/next: the pair the caller holds, or a newly claimed one; 204 when none is left. */
import { nextPairContract } from '@/lib/api/contracts/campaigns';
import { apiRoute } from '@/lib/http/api-route';
import { nextPairRoute } from '@/lib/http/annotation-routes';

// The production web server answers this path itself with the same handler (lib/http/node-api.ts).
export const GET = apiRoute(nextPairContract, nextPairRoute.handler);
