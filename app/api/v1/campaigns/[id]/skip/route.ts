/** POST /api/v1/campaigns/{id}/skip: give the held pair back without answering. */
import { skipPairContract } from '@/lib/api/contracts/holds';
import { apiRoute } from '@/lib/http/api-route';
import { skipPairRoute } from '@/lib/http/annotation-routes';

// The production web server answers this path itself with the same handler (lib/http/node-api.ts).
export const POST = apiRoute(skipPairContract, skipPairRoute.handler);
