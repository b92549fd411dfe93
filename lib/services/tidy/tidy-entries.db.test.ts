/**
 * Archive, restore, delete, clone and dismiss against a real database and real files: a corpus in
 * use cannot be deleted and nothing of it goes; a deletion takes every row that hangs on the corpus
 * or campaign, the export files on disk, and is audited; archived corpora and campaigns leave every
 * list and picker query yet stay reachable by slug; only failed or cancelled jobs can be dismissed.
 * Clones: tidy-clone.db.test.ts.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { makeCampaign } from '@/prisma/factories/campaigns';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { getSqlPool } from '@/lib/db/sql-pool';
import { setGoldAnswer } from '@/lib/db/campaigns/gold';
import { changeCampaignStatus } from '@/lib/db/campaigns/campaign-management';
import { getCorpusBySlug, listCorporaForApi, listCorporaWithCounts } from '@/lib/db/corpora/corpora';
import { listCampaignProgress } from '@/lib/db/campaigns/campaign-progress';
import { listCampaignsForMember } from '@/lib/db/campaigns/campaigns';
import { listExploreOptions } from '@/lib/db/pairs/explore-options';
import { listImportJobs } from '@/lib/db/imports/import-job-views';
import { createImportJob } from '@/lib/db/imports/import-jobs';
import { listOwnExportJobs } from '@/lib/db/exports/export-jobs';
import { refusal } from '@/lib/testing/refusal';
import { getNextPair } from '@/lib/db/campaigns/assignments';
import { submitAnswer } from '@/lib/services/annotation/submit-answer';
import { answer, rowsOfCampaign } from '@/lib/jobs/testing/campaign-rows';
import { archiveCampaign, archiveCorpus, deleteCampaign, deleteCorpus, dismissEndedJob } from './tidy-entries';

const db = getDb();
const pool = getSqlPool();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'paralens-tidy-'));
});
afterAll(async () => {
  await pool.end();
  await rm(dir, { recursive: true, force: true });
});

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

async function exportWithFile(data: { corpusId?: number; campaignId?: number; createdById: number }, name: string) {
  const filePath = path.join(dir, name);
  await writeFile(filePath, 'a,b\n');
  await db.exportJob.create({ data: { ...data, format: 'CSV', status: 'SUCCEEDED', filePath } });
  return filePath;
}

describe('deleting', () => {
  it('refuses a corpus a campaign uses, then deletes the campaign and the corpus with everything in them', async () => {
    const owner = await makeUser(db, { role: 'RESEARCHER' });
    const annotator = await makeUser(db);
    const campaign = await makeCampaign(db, {
      pairs: 4,
      overlap: 2,
      questions: ['semantic'],
      members: [annotator.email],
      createdById: owner.id,
    });
    const { corpusId } = (await db.campaignCorpus.findFirst({ where: { campaignId: campaign.id }, select: { corpusId: true } }))!;
    const corpus = (await db.corpus.findUnique({ where: { id: corpusId }, select: { slug: true } }))!;
    await db.corpus.update({ where: { id: corpusId }, data: { createdById: owner.id } });
    await answer(campaign.slug, annotator.id, 2);
    const gold = await db.campaignItem.findFirst({
      where: { campaignId: campaign.id },
      orderBy: { position: 'desc' },
      select: { pairId: true },
    });
    await setGoldAnswer(pool, campaign.id, { pairId: gold!.pairId, answers: { semantic: 4 }, explanation: 'Same meaning.' });
    const campaignFile = await exportWithFile({ campaignId: campaign.id, createdById: owner.id }, 'campaign.csv');
    const corpusFile = await exportWithFile({ corpusId, createdById: owner.id }, 'corpus.csv');
    await db.corpusMeasure.create({
      data: { corpusId, name: 'mine', scores: { create: [{ pairId: gold!.pairId, value: 0.5 }] } },
    });

    const inUse = await refusal(deleteCorpus(db, owner, corpus.slug));
    expect(inUse.code).toBe('CONFLICT');
    expect(inUse.message).toContain('used by the campaign');
    expect(await exists(corpusFile)).toBe(true);
    expect(await db.pair.count({ where: { corpusId } })).toBe(4);

    const active = await refusal(deleteCampaign(db, owner, { slug: campaign.slug }));
    expect(active).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('Pause or close it first') as unknown });
    const before = await rowsOfCampaign(campaign.id);
    expect(before).toEqual({ items: 4, assignments: 2, answers: 2, gold: 1, members: 1, exports: 1, corpora: 1 });

    await changeCampaignStatus(db, campaign.slug, 'ACTIVE', 'PAUSED');
    const gone = await deleteCampaign(db, owner, { slug: campaign.slug });
    expect(gone.deleted).toMatchObject({ items: 4, answers: 2, assignments: 2, goldAnswers: 1, annotators: 1, exports: 1 });
    expect(await rowsOfCampaign(campaign.id)).toEqual({
      items: 0,
      assignments: 0,
      answers: 0,
      gold: 0,
      members: 0,
      exports: 0,
      corpora: 0,
    });
    expect(await db.campaign.count({ where: { id: campaign.id } })).toBe(0);
    expect(await exists(campaignFile)).toBe(false);

    const deleted = await deleteCorpus(db, owner, corpus.slug);
    expect(deleted.deleted).toMatchObject({ pairs: 4, exports: 1, userMeasures: 1 });
    expect(await db.pair.count({ where: { corpusId } })).toBe(0);
    expect(await db.text.count({ where: { corpusId } })).toBe(0);
    expect(await db.corpusMeasure.count({ where: { corpusId } })).toBe(0);
    expect(await db.exportJob.count({ where: { corpusId } })).toBe(0);
    expect(await exists(corpusFile)).toBe(false);
    const audit = await db.auditLog.findMany({
      where: { actorId: owner.id },
      orderBy: { id: 'asc' },
      select: { action: true, details: true },
    });
    expect(audit.map((a) => a.action)).toEqual(['campaign.delete', 'corpus.delete']);
    expect(audit[1]!.details).toMatchObject({ slug: corpus.slug, pairs: 4 });
  });

  it('is for an admin or the creator only', async () => {
    const creator = await makeUser(db, { role: 'RESEARCHER' });
    const other = await makeUser(db, { role: 'RESEARCHER' });
    const admin = await makeUser(db, { role: 'ADMIN' });
    const mine = await makeCorpus(db, { createdById: creator.id });
    const theirs = await makeCorpus(db, { createdById: creator.id });
    expect((await refusal(deleteCorpus(db, other, mine.slug))).code).toBe('FORBIDDEN');
    expect((await refusal(deleteCorpus(db, { id: creator.id, role: 'ANNOTATOR' }, mine.slug))).code).toBe('FORBIDDEN');
    expect(await getCorpusBySlug(db, mine.slug)).not.toBeNull();
    await deleteCorpus(db, creator, mine.slug);
    await deleteCorpus(db, admin, theirs.slug);
    expect(await db.corpus.count({ where: { id: { in: [mine.id, theirs.id] } } })).toBe(0);
    const campaign = await makeCampaign(db, { pairs: 1, status: 'draft', createdById: creator.id });
    expect((await refusal(deleteCampaign(db, other, { id: campaign.id }))).code).toBe('FORBIDDEN');
    await deleteCampaign(db, creator, { id: campaign.id });
    expect((await refusal(deleteCorpus(db, admin, 'no-such-corpus'))).code).toBe('NOT_FOUND');
  });
});

describe('archiving', () => {
  it('hides a corpus and a campaign from every list and picker, keeps them by slug, and restores them', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const annotator = await makeUser(db);
    const campaign = await makeCampaign(db, { pairs: 2, members: [annotator.email] });
    const { corpusId } = (await db.campaignCorpus.findFirst({ where: { campaignId: campaign.id }, select: { corpusId: true } }))!;
    const corpus = (await db.corpus.findUnique({ where: { id: corpusId }, select: { slug: true } }))!;
    const listed = async () => ({
      corpora: (await listCorporaWithCounts(db)).some((c) => c.slug === corpus.slug),
      api: (await listCorporaForApi(db)).some((c) => c.slug === corpus.slug),
      explorer: (await listExploreOptions(db)).corpora.some((c) => c.slug === corpus.slug),
      explorerCampaigns: (await listExploreOptions(db)).campaigns.some((c) => c.slug === campaign.slug),
      campaigns: (await listCampaignProgress(db)).some((c) => c.slug === campaign.slug),
      workbench: (await listCampaignsForMember(db, annotator.id)).some((c) => c.slug === campaign.slug),
    });
    const everywhere = { corpora: true, api: true, explorer: true, explorerCampaigns: true, campaigns: true, workbench: true };
    expect(await listed()).toEqual(everywhere);

    await archiveCorpus(db, researcher, corpus.slug, true);
    await archiveCampaign(db, researcher, { slug: campaign.slug }, true);
    await archiveCorpus(db, researcher, corpus.slug, true); // a repeat changes nothing and is not audited again
    expect(await listed()).toEqual({
      corpora: false,
      api: false,
      explorer: false,
      explorerCampaigns: false,
      campaigns: false,
      workbench: false,
    });
    expect(
      (await listCorporaWithCounts(db, { includeArchived: true })).find((c) => c.slug === corpus.slug)?.archivedAt,
    ).toBeInstanceOf(Date);
    expect((await listCorporaForApi(db, true)).find((c) => c.slug === corpus.slug)?.archived).toBe(true);
    expect((await listCampaignProgress(db, { includeArchived: true })).some((c) => c.slug === campaign.slug)).toBe(true);
    expect((await getCorpusBySlug(db, corpus.slug))?.archivedAt).toBeInstanceOf(Date);

    await archiveCorpus(db, researcher, corpus.slug, false);
    await archiveCampaign(db, researcher, { slug: campaign.slug }, false);
    expect(await listed()).toEqual(everywhere);
    const actions = (
      await db.auditLog.findMany({ where: { actorId: researcher.id }, orderBy: { id: 'asc' }, select: { action: true } })
    ).map((a) => a.action);
    expect(actions).toEqual(['corpus.archive', 'campaign.archive', 'corpus.restore', 'campaign.restore']);
  });

  it('hands out no new pairs from an archived campaign, yet stores the answer to a pair already held', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const annotator = await makeUser(db);
    const campaign = await makeCampaign(db, { pairs: 3, members: [annotator.email], questions: ['semantic'] });
    const held = await getNextPair(pool, { id: campaign.id }, annotator.id);
    if (held.kind !== 'pair') throw new Error('no pair');
    await archiveCampaign(db, researcher, { slug: campaign.slug }, true);

    expect(await refusal(getNextPair(pool, { id: campaign.id }, annotator.id))).toEqual({
      code: 'CONFLICT',
      message:
        'This campaign is archived: no new pairs are handed out. An answer to a pair you already hold is still saved, and your answers are kept.',
    });
    const { created } = await submitAnswer(pool, { id: campaign.id }, annotator.id, {
      submissionId: `archived-${campaign.id}`,
      pairId: held.pair.pairId,
      answers: { semantic: 3 },
    });
    expect(created).toBe(true);
    expect(await db.annotation.count({ where: { campaignId: campaign.id, annotatorId: annotator.id } })).toBe(1);

    await archiveCampaign(db, researcher, { slug: campaign.slug }, false);
    expect((await getNextPair(pool, { id: campaign.id }, annotator.id)).kind).toBe('pair');
  });
});

describe('dismissing', () => {
  it('hides a failed import, refuses one that has not ended or is another’s, and keeps another user’s export out of reach', async () => {
    const researcher = await makeUser(db, { role: 'RESEARCHER' });
    const other = await makeUser(db, { role: 'RESEARCHER' });
    const corpus = await makeCorpus(db);
    await makePairs(db, corpus.id, [{ a: 'One text here.', b: 'Another text here.' }]);
    const failed = await createImportJob(db, {
      corpusId: corpus.id,
      createdById: researcher.id,
      fileName: 'bad.tsv',
      ownerId: 'tidy-test',
    });
    await db.importJob.update({ where: { id: failed.id }, data: { status: 'FAILED', message: 'line 1: bad' } });
    const running = await createImportJob(db, {
      corpusId: corpus.id,
      createdById: researcher.id,
      fileName: 'ok.tsv',
      ownerId: 'tidy-test',
    });
    expect((await listImportJobs(db, corpus.id)).map((j) => j.id).sort()).toEqual([failed.id, running.id].sort());

    expect((await refusal(dismissEndedJob(db, researcher, 'import', running.id))).code).toBe('CONFLICT');
    // an import is its uploader's or an admin's to dismiss
    expect((await refusal(dismissEndedJob(db, other, 'import', failed.id))).code).toBe('FORBIDDEN');
    await dismissEndedJob(db, researcher, 'import', failed.id);
    expect((await listImportJobs(db, corpus.id)).map((j) => j.id)).toEqual([running.id]);
    expect((await refusal(dismissEndedJob(db, researcher, 'import', failed.id))).code).toBe('NOT_FOUND');

    const exported = await db.exportJob.create({
      data: { corpusId: corpus.id, createdById: researcher.id, format: 'CSV', status: 'FAILED' },
      select: { id: true },
    });
    expect((await refusal(dismissEndedJob(db, other, 'export', exported.id))).code).toBe('NOT_FOUND');
    await dismissEndedJob(db, researcher, 'export', exported.id);
    expect((await listOwnExportJobs(db, researcher.id)).some((j) => j.id === exported.id)).toBe(false);
    const scoring = await db.scoringJob.create({
      data: { corpusId: corpus.id, measures: ['st'], status: 'CANCELLED' },
      select: { id: true },
    });
    await dismissEndedJob(db, researcher, 'scoring', scoring.id);
    const actions = await db.auditLog.findMany({
      where: { actorId: { in: [researcher.id, other.id] } },
      orderBy: { id: 'asc' },
      select: { action: true, targetId: true },
    });
    expect(actions).toEqual([
      { action: 'import.dismiss', targetId: String(failed.id) },
      { action: 'export.dismiss', targetId: String(exported.id) },
      { action: 'scoring.dismiss', targetId: String(scoring.id) },
    ]);
  });
});
