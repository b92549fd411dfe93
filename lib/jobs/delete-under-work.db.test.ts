/**
 * Deleting what work is going on in: a corpus while its import runs, a campaign while annotators
 * hold pairs of it. Each is refused with its reason (an AppError: 409, never a 500) or handled (an
 * answer to a pair of a deleted campaign is a 404 saying so), and no job is left running or
 * orphaned.
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { getSqlPool } from '@/lib/db/sql-pool';
import { getNextPair } from '@/lib/db/campaigns/assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { changeCampaignStatus } from '@/lib/db/campaigns/campaign-management';
import { refusal } from '@/lib/testing/refusal';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { runImport } from '@/lib/services/imports/run-import';
import { COMMAND_LINE, deleteCampaign, deleteCorpus } from '@/lib/services/tidy/tidy-entries';

const db = getDb();
const pool = getSqlPool();
const dir = mkdtempSync(path.join(tmpdir(), 'paralens-delete-under-work-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function pairsFile(name: string, count: number): string {
  const lines = ['id\tsentence1\tsentence2\tlabel'];
  for (let i = 0; i < count; i++) lines.push(`${i}\tThe harbour tower ${i} was built in 1890.\tIn 1890 tower ${i} was built.\t1`);
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('a corpus removed while its import runs', { timeout: 120_000 }, () => {
  it('is refused with the reason; the import goes on and ends, and the corpus keeps its pairs', async () => {
    const corpus = await makeCorpus(db, { name: 'Deleted while importing' });
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    let attempt: Promise<{ code: string; message: string }> | null = null;
    const report = await runImport({
      db: database(),
      filePath: pairsFile('deleted-while-importing.tsv', 20_000),
      corpusId: corpus.id,
      createdById: researcher.id,
      followUpScoring: false, // a queued scoring job would refuse the deletion after the import too
      onProgress: (p) => {
        if (!attempt && p.records >= 2_000) attempt = refusal(deleteCorpus(db, COMMAND_LINE, corpus.slug));
      },
    });
    expect(attempt).not.toBeNull();
    expect(await attempt!).toEqual({
      code: 'CONFLICT',
      message:
        'An import, scoring or export of this corpus is waiting or running; cancel it or let it finish, then delete the corpus.',
    });
    expect(report.status).toBe('SUCCEEDED');
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(20_000);
    const jobs = await db.importJob.findMany({ where: { corpusId: corpus.id }, select: { status: true } });
    expect(jobs).toEqual([{ status: 'SUCCEEDED' }]);
    // once the import has ended, the same deletion goes through
    await deleteCorpus(db, COMMAND_LINE, corpus.slug);
    expect(await db.corpus.count({ where: { id: corpus.id } })).toBe(0);
  });
});

describe('a campaign deleted while annotators hold pairs', () => {
  it('is refused while active; once paused and deleted, the held pair’s answer and the next pair are a 404 that says so', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const annotator = await makeUser(db);
    const campaign = await makeCampaign(db, {
      pairs: 3,
      members: [annotator.email],
      questions: ['semantic'],
      createdById: researcher.id,
    });
    const held = await getNextPair(pool, { id: campaign.id }, annotator.id);
    if (held.kind !== 'pair') throw new Error('no pair');

    expect(await refusal(deleteCampaign(db, researcher, { slug: campaign.slug }))).toEqual({
      code: 'CONFLICT',
      message: 'The campaign is active: annotators may be answering now. Pause or close it first, then delete it.',
    });
    await changeCampaignStatus(db, campaign.slug, 'ACTIVE', 'PAUSED');
    await deleteCampaign(db, researcher, { slug: campaign.slug });

    const late = await refusal(
      submitAnswer(pool, { id: campaign.id }, annotator.id, {
        submissionId: `deleted-${campaign.id}`,
        pairId: held.pair.pairId,
        answers: { semantic: 3 },
      }),
    );
    const next = await refusal(getNextPair(pool, { id: campaign.id }, annotator.id));
    const gone = { code: 'NOT_FOUND', message: 'No such campaign, or you are not one of its annotators.' };
    expect({ late, next }).toEqual({ late: gone, next: gone });
    expect(await db.assignment.count({ where: { campaignId: campaign.id } })).toBe(0);
  });
});
