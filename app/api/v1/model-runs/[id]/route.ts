/** GET /api/v1/model-runs/{id}: a run with its progress and provenance (polled by the run page); DELETE: delete a stopped run. */
import { deleteModelRunContract, getModelRunContract } from '@/lib/api/contracts/model-runs';
import { database } from '@/lib/db/database';
import { getModelRun, getRunProvenance } from '@/lib/db/model-raters/model-run-views';
import { listRunMeasureNames } from '@/lib/db/model-raters/run-measures';
import { AppError } from '@/lib/errors/app-error';
import { apiRoute } from '@/lib/http/api-route';
import { removeModelRun } from '@/lib/services/model-raters/start-model-run';

export const GET = apiRoute(getModelRunContract, async ({ params }) => {
  const db = database();
  const run = await getModelRun(db, Number(params.id));
  if (!run) throw new AppError('NOT_FOUND', 'That model run does not exist.');
  const [provenance, measures] = await Promise.all([getRunProvenance(db, run.id), listRunMeasureNames(database(), run.id)]);
  return { status: 200, body: { ...run, provenance, measures } };
});

export const DELETE = apiRoute(deleteModelRunContract, async ({ params, user }) => {
  await removeModelRun(database(), user, Number(params.id));
  return { status: 204 };
});
