/** GET /api/v1/corpora/{slug}/map: the corpus's characteristic map from its measures (stored summary). */
import { getCorpusMap } from '@/lib/api/contracts/dashboards';
import { apiRoute } from '@/lib/http/api-route';
import { AppError } from '@/lib/errors/app-error';
import { getDb } from '@/lib/db/client';
import { getCorpusBySlug } from '@/lib/db/corpora';
import { getCorpusMeasureMap } from '@/lib/db/characteristic-maps';

export const GET = apiRoute(getCorpusMap, async ({ params }) => {
  const corpus = await getCorpusBySlug(getDb(), params.slug);
  if (!corpus) throw new AppError('NOT_FOUND', 'No such corpus.');
  return { status: 200, body: await getCorpusMeasureMap(getDb(), corpus.id) };
});
