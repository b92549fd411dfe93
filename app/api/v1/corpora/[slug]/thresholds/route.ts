/**
 * GET /api/v1/corpora/{slug}/thresholds: a measure's threshold analysis against the corpus's own
 * labels or a campaign's final yes/no labels.
 */
import { getCorpusThresholdsContract } from '@/lib/api/contracts/judgements';
import { apiRoute } from '@/lib/http/api-route';
import { requireCorpus, resolveBinaryJudgement } from '@/lib/services/dashboards/load-corpus-dashboard';
import { listMeasureWithBinaryJudgement } from '@/lib/db/dashboards/corpus-judgements';
import { database } from '@/lib/db/database';
import { userMeasureNames } from '@/lib/db/corpora/user-measures';
import { AppError } from '@/lib/errors/app-error';
import { isUserMeasureKey, userMeasureName } from '@/lib/measures/user-measures';
import { computeMeasureThresholds } from '@/lib/dashboards/judgement-analysis';

export const GET = apiRoute(getCorpusThresholdsContract, async ({ params, query }) => {
  const corpus = await requireCorpus(params.slug);
  if (
    isUserMeasureKey(query.measure) &&
    !(await userMeasureNames(database(), [corpus.id])).includes(userMeasureName(query.measure))
  ) {
    throw new AppError('NOT_FOUND', `The corpus has no measure "${userMeasureName(query.measure)}" of its own.`);
  }
  const judgement = await resolveBinaryJudgement(query.label);
  const data = await listMeasureWithBinaryJudgement(database(), query.measure, corpus.id, judgement);
  return { status: 200, body: { ...computeMeasureThresholds(query.measure, data, query.threshold), label: query.label } };
});
