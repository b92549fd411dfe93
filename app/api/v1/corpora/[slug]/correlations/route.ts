/** GET /api/v1/corpora/{slug}/correlations: every measure against the corpus's own scores (referenceScore). */
import { getCorpusCorrelationsContract } from '@/lib/api/contracts/judgements';
import { apiRoute } from '@/lib/http/api-route';
import { requireCorpus } from '@/lib/services/dashboards/load-corpus-dashboard';
import { listMeasuresWithReferenceScores } from '@/lib/db/dashboards/corpus-judgements';
import { database } from '@/lib/db/database';
import { computeReferenceCorrelations } from '@/lib/dashboards/judgement-analysis';

export const GET = apiRoute(getCorpusCorrelationsContract, async ({ params }) => {
  const corpus = await requireCorpus(params.slug);
  return { status: 200, body: computeReferenceCorrelations(await listMeasuresWithReferenceScores(database(), corpus.id)) };
});
