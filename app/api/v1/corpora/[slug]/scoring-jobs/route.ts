/** POST /api/v1/corpora/{slug}/scoring-jobs: score the corpus's pairs with semantic measures in a background job. Audited. */
import { startScoringContract } from '@/lib/api/contracts/scoring';
import { apiRoute } from '@/lib/http/api-route';
import { startScoring } from '@/lib/http/scoring-routes';

export const POST = apiRoute(startScoringContract, startScoring);
