/**
 * Creating an empty corpus (lib/services/corpora/create-corpus.ts): a new name gives a corpus with
 * its creator and one audit entry; a name already taken is refused and nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { refusal } from '@/lib/testing/refusal';
import { makeUser } from '@/prisma/factories/users';
import { createEmptyCorpus } from './create-corpus';

const db = getDb();

describe('createEmptyCorpus', () => {
  it('creates the corpus as the user and audits it once; a taken name is a conflict', async () => {
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const name = `Empty ${randomUUID()}`;
    const created = await createEmptyCorpus(db, user, { name, tier: 'SILVER', description: 'notes' });
    const row = await db.corpus.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ name, slug: created.slug, tier: 'SILVER', description: 'notes', createdById: user.id });
    const audit = () => db.auditLog.findMany({ where: { action: 'corpus.create', targetId: String(created.id) } });
    expect((await audit()).map((e) => [e.actorId, e.details])).toEqual([[user.id, { name }]]);

    expect(await refusal(createEmptyCorpus(db, user, { name }))).toEqual({
      code: 'CONFLICT',
      message: `A corpus named "${name}" already exists.`,
    });
    expect(await db.corpus.count({ where: { name } })).toBe(1);
    expect(await audit()).toHaveLength(1);
  });
});
