/**
 * GET /api/v1/corpora/{slug}/distributions: every measure's distribution split by the corpus's own
 * label (researchers, admins).
 */
import { getCorpusDistributionsContract } from '@/lib/api/contracts/distributions';
import { apiRoute } from '@/lib/http/api-route';
import { requireCorpus } from '@/lib/services/dashboards/load-corpus-dashboard';
import { corpusDistributions } from '@/lib/services/dashboards/compute-distributions';

export const GET = apiRoute(getCorpusDistributionsContract, async ({ params, query }) => {
  const corpus = await requireCorpus(params.slug);
  return { status: 200, body: await corpusDistributions(corpus.id, query.by, query.measures) };
});
