/**
 * GET /api/v1/corpora/{slug}/map: the corpus's characteristic map from its measures (stored
 * summary), or with a user measure as an axis (counted).
 */
import { getCorpusMapContract } from '@/lib/api/contracts/dashboards';
import { apiRoute } from '@/lib/http/api-route';
import { AppError } from '@/lib/errors/app-error';
import { database } from '@/lib/db/database';
import { getCorpusBySlug } from '@/lib/db/corpora/corpora';
import { getCorpusMapWithUserAxes, getCorpusMeasureMap } from '@/lib/db/dashboards/characteristic-maps';
import { listUserMeasures, type UserMeasure } from '@/lib/db/corpora/user-measures';

/** The user measure a `syn=`/`sem=` parameter names, if the corpus has it marked as that axis (else a 400 saying so). */
function axisName(measures: readonly UserMeasure[], key: string | undefined, axis: 'syntactic' | 'semantic'): string | null {
  if (key === undefined) return null;
  const name = key.slice(2);
  const measure = measures.find((m) => m.name === name);
  const field = axis === 'semantic' ? 'sem' : 'syn';
  if (!measure)
    throw new AppError('INVALID_INPUT', `The corpus has no measure "${name}" of its own.`, {
      fields: { [`query.${field}`]: 'names no user measure of the corpus' },
    });
  if (measure.axis !== axis)
    throw new AppError('INVALID_INPUT', `"${name}" is not marked as a ${axis} axis (import it with --axis ${name}=${axis}).`, {
      fields: { [`query.${field}`]: `is not marked as a ${axis} axis` },
    });
  return name;
}

export const GET = apiRoute(getCorpusMapContract, async ({ params, query }) => {
  const corpus = await getCorpusBySlug(database(), params.slug);
  if (!corpus) throw new AppError('NOT_FOUND', 'No such corpus.');
  if (query.syn === undefined && query.sem === undefined)
    return { status: 200, body: await getCorpusMeasureMap(database(), corpus.id) };
  const measures = await listUserMeasures(database(), corpus.id);
  const axes = { syn: axisName(measures, query.syn, 'syntactic'), sem: axisName(measures, query.sem, 'semantic') };
  return { status: 200, body: await getCorpusMapWithUserAxes(database(), corpus.id, axes) };
});
