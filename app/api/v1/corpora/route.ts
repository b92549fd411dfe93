/**
 * GET /api/v1/corpora: every corpus with counts, tier, licence and attribution (researchers and admins).
 * POST: create an empty corpus (audited).
 */
import { createCorpusContract, listCorporaContract } from '@/lib/api/contracts/corpora';
import { apiRoute } from '@/lib/http/api-route';
import { database } from '@/lib/db/database';
import { recordAudit } from '@/lib/db/accounts/audit';
import { ensureCorpus, findCorpusByName, listCorporaForApi } from '@/lib/db/corpora/corpora';
import { AppError } from '@/lib/errors/app-error';

export const GET = apiRoute(listCorporaContract, async ({ query }) => ({
  status: 200,
  body: { corpora: await listCorporaForApi(database(), query.archived === 'include') },
}));

export const POST = apiRoute(createCorpusContract, async ({ body, user }) => {
  const db = database();
  if (await findCorpusByName(db, body.name)) throw new AppError('CONFLICT', `A corpus named "${body.name}" already exists.`);
  const corpus = await ensureCorpus(db, { ...body, createdById: user.id });
  await recordAudit(db, {
    actorId: user.id,
    action: 'corpus.create',
    targetType: 'corpus',
    targetId: corpus.id,
    details: { name: corpus.name },
  });
  return { status: 201, body: { id: corpus.id, slug: corpus.slug } };
});
