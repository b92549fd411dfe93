/**
 * Setting a corpus's language (lib/services/corpora/change-corpus-language.ts): the language is stored
 * and audited as the user; an unknown corpus is "not found" and leaves no audit entry.
 */
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { refusal } from '@/lib/testing/refusal';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { changeCorpusLanguage } from './change-corpus-language';

const db = getDb();

describe('changeCorpusLanguage', () => {
  it('stores the language and audits it; an unknown corpus is not found', async () => {
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const corpus = await makeCorpus(db);
    await changeCorpusLanguage(db, user, corpus.slug, 'es');
    expect((await db.corpus.findUniqueOrThrow({ where: { id: corpus.id } })).language).toBe('es');
    const entries = await db.auditLog.findMany({ where: { action: 'corpus.language', targetId: String(corpus.id) } });
    expect(entries.map((e) => [e.actorId, e.details])).toEqual([[user.id, { language: 'es' }]]);

    expect(await refusal(changeCorpusLanguage(db, user, `no-such-${corpus.slug}`, 'de'))).toEqual({
      code: 'NOT_FOUND',
      message: 'That corpus does not exist.',
    });
    expect(await db.auditLog.count({ where: { action: 'corpus.language', actorId: user.id } })).toBe(1);
  });
});
