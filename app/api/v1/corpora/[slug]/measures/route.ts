/**
 * GET and POST /api/v1/corpora/{slug}/measures: a corpus's user measures, and a scores file
 * imported as measures, all or nothing (researchers, admins); a measure of the same name is
 * replaced only by its creator or an admin (lib/services/corpora/import-user-measures.ts).
 */
import { importScoresContract, listUserMeasuresContract } from '@/lib/api/contracts/user-measures';
import { apiRoute } from '@/lib/http/api-route';
import { requireCorpus } from '@/lib/services/dashboards/load-corpus-dashboard';
import { importUserMeasures } from '@/lib/services/corpora/import-user-measures';
import { database } from '@/lib/db/database';
import { listUserMeasures } from '@/lib/db/corpora/user-measures';

export const GET = apiRoute(listUserMeasuresContract, async ({ params }) => {
  const corpus = await requireCorpus(params.slug);
  const measures = await listUserMeasures(database(), corpus.id);
  return {
    status: 200,
    body: { measures: measures.map(({ id: _id, createdAt, ...m }) => ({ ...m, createdAt: createdAt.toISOString() })) },
  };
});

export const POST = apiRoute(importScoresContract, async ({ params, body, user }) => ({
  status: 200,
  body: await importUserMeasures(database(), user, params.slug, body),
}));
