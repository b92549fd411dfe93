/**
 * Creating an empty corpus (`POST /api/v1/corpora`): files are imported into it afterwards. A name
 * already taken is refused (409); the creation is audited as the user.
 */
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { ensureCorpus, findCorpusByName, type CreateCorpusData } from '@/lib/db/corpora/corpora';
import { AppError } from '@/lib/errors/app-error';

export type NewCorpus = Omit<CreateCorpusData, 'slug' | 'createdById'>;

export async function createEmptyCorpus(db: Db, user: { id: number }, input: NewCorpus): Promise<{ id: number; slug: string }> {
  if (await findCorpusByName(db, input.name)) throw new AppError('CONFLICT', `A corpus named "${input.name}" already exists.`);
  const corpus = await ensureCorpus(db, { ...input, createdById: user.id });
  await recordAudit(db, {
    actorId: user.id,
    action: 'corpus.create',
    targetType: 'corpus',
    targetId: corpus.id,
    details: { name: corpus.name },
  });
  return { id: corpus.id, slug: corpus.slug };
}
