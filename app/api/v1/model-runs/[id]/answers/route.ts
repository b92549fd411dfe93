/**
 * GET /api/v1/model-runs/{id}/answers: every request of a run as JSON Lines (researchers, admins),
 * streamed from a cursor; the run is checked before the first byte, so a 404 is a real 404.
 */
import { getModelRunAnswersContract } from '@/lib/api/contracts/model-runs';
import { database } from '@/lib/db/database';
import { streamModelRunAnswers } from '@/lib/db/model-raters/model-run-answers';
import { getModelRun } from '@/lib/db/model-raters/model-run-views';
import { AppError } from '@/lib/errors/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { jsonLinesResponse } from '@/lib/http/json-lines';

export const GET = apiRoute(getModelRunAnswersContract, async ({ params }) => {
  const run = await getModelRun(database(), Number(params.id));
  if (!run) throw new AppError('NOT_FOUND', 'That model run does not exist.');
  return jsonLinesResponse(streamModelRunAnswers(database(), run.id));
});
