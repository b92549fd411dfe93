/**
 * GET /api/v1/model-runs/{id}/report: the model judged like an annotator, per question, per stratum,
 * with its map (researchers, admins); computed on the web server's worker threads.
 */
import { getModelRunReportContract } from '@/lib/api/contracts/model-run-report';
import { database } from '@/lib/db/database';
import { apiRoute } from '@/lib/http/api-route';
import { loadRunReport } from '@/lib/services/model-raters/load-run-report';
import { computeRunReportOffThread } from '@/lib/runtime/compute-workers';

export const GET = apiRoute(getModelRunReportContract, async ({ params, query }) => {
  const { run, settings, report } = await loadRunReport(database(), database(), params.id, query, computeRunReportOffThread);
  return { status: 200, body: { run, settings, ...report } };
});
