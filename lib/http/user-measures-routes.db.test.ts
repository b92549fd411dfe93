/**
 * A corpus's user measures through their real route handlers with API tokens: a measure is its
 * importer's (or an admin's) to replace or delete; another researcher gets 403 and the values stay.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { getDb } from '@/lib/db/client';
import { getSqlPool } from '@/lib/db/sql-pool';
import { issueApiToken } from '@/lib/auth/api-token';
import { makeUser } from '@/prisma/factories/users';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { POST as importScores } from '@/app/api/v1/corpora/[slug]/measures/route';
import { DELETE as deleteMeasure } from '@/app/api/v1/corpora/[slug]/measures/[name]/route';

const db = getDb();
afterAll(() => getSqlPool().end());

const tokenFor = async (role: 'RESEARCHER' | 'ADMIN') =>
  (await issueApiToken(db, (await makeUser(db, { role })).id, 'test', null)).token;

const post = (slug: string, token: string, content: string) =>
  importScores(
    new NextRequest(`http://127.0.0.1/api/v1/corpora/${slug}/measures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv', map: 'id=pair_id', measures: 'model=score', content }),
    }),
    { params: Promise.resolve({ slug }) },
  );
const remove = (slug: string, token: string) =>
  deleteMeasure(
    new NextRequest(`http://127.0.0.1/api/v1/corpora/${slug}/measures/model`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    }),
    { params: Promise.resolve({ slug, name: 'model' }) },
  );

describe('user measures', () => {
  it('are replaced and deleted only by the user who imported them or an admin', async () => {
    const corpus = await makeCorpus(db);
    const [pairId] = await makePairs(db, corpus.id, [{ a: 'A dog runs.', b: 'A dog is running.' }]);
    const importer = await tokenFor('RESEARCHER');
    const other = await tokenFor('RESEARCHER');
    expect((await post(corpus.slug, importer, `pair_id,score\n${pairId},0.5\n`)).status).toBe(200);
    const value = async () => (await db.pairScore.findFirstOrThrow({ where: { pairId }, select: { value: true } })).value;

    const replaced = await post(corpus.slug, other, `pair_id,score\n${pairId},0.9\n`);
    expect(replaced.status).toBe(403);
    expect(await replaced.json()).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'The measure "model" was imported by another user: only they or an admin may replace or delete it.',
      },
    });
    expect((await remove(corpus.slug, other)).status).toBe(403);
    expect(await value()).toBe(0.5);

    expect((await post(corpus.slug, importer, `pair_id,score\n${pairId},0.7\n`)).status).toBe(200);
    expect(await value()).toBe(0.7);
    expect((await remove(corpus.slug, await tokenFor('ADMIN'))).status).toBe(204);
    expect(await db.corpusMeasure.count({ where: { corpusId: corpus.id } })).toBe(0);
  });
});
