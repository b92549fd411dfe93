/**
 * Explorer indexes: an import queues an index job in its own transaction, the job builds every
 * per-corpus partial index (valid, and used by the view statements), a deleted corpus takes its
 * indexes along, and index jobs wait while their corpus is being scored.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { parsePairFilter } from '@/lib/explore/pair-filter';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { deleteCorpus } from '../corpora/corpora';
import { explorerIndexes, explorerIndexNames, listExplorerIndexes, buildExplorerIndexes } from './explore-indexes';
import { claimNextQueuedIndex, getIndexJob, queueIndexJob } from '../jobs/index-jobs';
import { resolvePairFilter } from './pair-list';
import { pairPageSql } from './pair-query';
import { queueScoringJob } from '../jobs/scoring-jobs';
import { getSqlPool } from '../sql-pool';
import { liveTestOwner } from '../testing/test-job-owners';

const db = getDb();
const pool = getSqlPool();

afterAll(async () => {
  await pool.end();
});

async function plan(corpusSlug: string, query: string): Promise<string> {
  const parsed = parsePairFilter(new URLSearchParams(`corpus=${corpusSlug}&${query}`));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const sql = pairPageSql(await resolvePairFilter(pool, parsed.filter), 101);
  const client = await pool.connect();
  try {
    await client.query('SET enable_seqscan = off'); // a tiny table: ask which indexes the planner can use
    const rows = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql.text}`, sql.values);
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('RESET enable_seqscan');
    client.release();
  }
}

describe('explorer indexes', () => {
  it('builds every index of a corpus, valid, and the view statements use them', async () => {
    const corpus = await makeCorpus(db);
    await makePairs(
      db,
      corpus.id,
      Array.from({ length: 30 }, (_, i) => ({
        a: `bridge number ${i}`,
        b: `a river ${i}`,
        measures: { bleu: i / 30, st: 1 - i / 30 },
      })),
    );
    let progress = 0;
    const total = await buildExplorerIndexes(pool, corpus.id, (built) => {
      progress = built;
      return Promise.resolve();
    });
    expect(total).toBe(explorerIndexes(corpus.id).length);
    expect(progress).toBe(total);
    const built = await listExplorerIndexes(pool, corpus.id);
    expect(built.map((i) => i.name).sort()).toEqual(
      explorerIndexes(corpus.id)
        .map((i) => i.name)
        .sort(),
    );
    expect(built.every((i) => i.valid)).toBe(true);
    expect(await buildExplorerIndexes(pool, corpus.id)).toBe(total); // again: nothing to do, no error

    expect(await plan(corpus.slug, 'sort=-bleu')).toContain(`explore_c${corpus.id}_bleu`);
    expect(await plan(corpus.slug, 'min.st=0.9')).toContain(`explore_c${corpus.id}_st`);
    expect(await plan(corpus.slug, 'max.length=3')).toContain(`explore_c${corpus.id}_maxlen`);

    await deleteCorpus(db, corpus.id);
    expect(await explorerIndexNames(db, corpus.id)).toEqual([]);
  });

  it('keeps one waiting job per corpus, and waits while the corpus is being scored', async () => {
    const corpus = await makeCorpus(db);
    const owner = await liveTestOwner(db);
    const first = await queueIndexJob(db, corpus.id);
    expect(await queueIndexJob(db, corpus.id)).toBe(first);
    const scoring = await queueScoringJob(db, { corpusId: corpus.id, createdById: null, measures: ['wordnet'] });
    // Other tests' jobs may wait too: claim until ours is reached or none is left.
    const claimed: number[] = [];
    for (let c = await claimNextQueuedIndex(db, owner); c; c = await claimNextQueuedIndex(db, owner)) {
      claimed.push(c.id);
      await db.indexJob.update({ where: { id: c.id }, data: { status: 'SUCCEEDED' } });
    }
    expect(claimed).not.toContain(first);
    await db.scoringJob.update({ where: { id: scoring }, data: { status: 'SUCCEEDED' } });
    const next = await claimNextQueuedIndex(db, owner);
    expect(next?.id).toBe(first);
    expect((await getIndexJob(db, first))?.status).toBe('RUNNING');
  });
});
