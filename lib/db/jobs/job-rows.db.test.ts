/**
 * The queries every job table shares (job-rows.ts), on the tables whose own tests do not already
 * cancel and fail through them (imports, scoring jobs and model runs have theirs), against a real
 * database: a column missing from a table would fail here.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { dismissJobRow, failJobIfUnfinished, requestJobCancel, type CancelRule, type JobTable } from './job-rows';
import { queueIndexJob } from './index-jobs';
import { queueModelInstall } from './model-install-jobs';
import { queueExportJob } from '../exports/export-jobs';
import { queueMiningRun } from '../mining/mining-queue';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { liveTestOwner } from '../testing/job-owners';

const db = getDb();

async function status(table: JobTable, id: number) {
  const [row] = await db.$queryRawUnsafe<Array<{ status: string; message: string | null; finishedAt: Date | null }>>(
    `SELECT "status"::text AS "status", "message", "finishedAt" FROM "${table}" WHERE "id" = $1`,
    id,
  );
  return row;
}

async function makeRunning(table: JobTable, id: number): Promise<void> {
  await db.$executeRawUnsafe(
    `UPDATE "${table}" SET "status" = 'RUNNING', "ownerId" = $2 WHERE "id" = $1`,
    id,
    await liveTestOwner(db),
  );
}

const tables: Array<{ table: JobTable; queue: () => Promise<number> }> = [
  { table: 'IndexJob', queue: async () => queueIndexJob(db, (await makeCorpus(db)).id) },
  { table: 'ModelInstallJob', queue: async () => (await queueModelInstall(db, `test-${randomUUID()}`, null)).id },
  {
    table: 'ExportJob',
    queue: async () => {
      const user = await makeUser(db, { role: 'RESEARCHER' });
      const corpus = await makeCorpus(db);
      const request = { createdById: user.id, corpusId: corpus.id, campaignId: null, filters: null };
      return (await queueExportJob(db, { ...request, format: 'CSV', options: { include: [] } })).id;
    },
  },
  {
    table: 'MiningRun',
    queue: async () =>
      (
        await queueMiningRun(db, {
          dumpPath: `/tmp/${randomUUID()}.xml`,
          dumpBytes: 1,
          dumpMtime: new Date(),
          indexPath: null,
          source: 'xml',
          corpusName: 'job rows',
          options: {},
          createdById: null,
        })
      ).id,
  },
];

/** A cancel as a kind declares it; the flag is any assignment (not every table has a cancel flag). */
const rule: CancelRule = { waiting: { message: `'Cancelled before it started.'` }, flag: `"message" = 'asked to stop'` };

describe('the queries every job table shares', () => {
  it.each(tables)('cancels, asks to stop and fails a job of $table', async ({ table, queue }) => {
    const waiting = await queue();
    expect(await requestJobCancel(db, table, waiting, rule)).toEqual({ step: 'waiting', row: { id: waiting } });
    expect(await status(table, waiting)).toMatchObject({ status: 'CANCELLED', message: 'Cancelled before it started.' });
    expect((await requestJobCancel(db, table, waiting, rule)).step).toBe('ended');

    const running = await queue();
    await makeRunning(table, running);
    expect((await requestJobCancel(db, table, running, rule)).step).toBe('requested');
    expect(await status(table, running)).toMatchObject({ status: 'RUNNING', message: 'asked to stop' });
    expect(await failJobIfUnfinished(db, table, running, 'Its process ended')).toBe(true);
    expect(await status(table, running)).toMatchObject({ status: 'FAILED', message: 'Its process ended' });
    expect((await status(table, running))?.finishedAt).toBeInstanceOf(Date);
    expect(await failJobIfUnfinished(db, table, running, 'again')).toBe(false);

    expect((await requestJobCancel(db, table, 2147483000, rule)).step).toBe('not-found');
  });

  it('fails only a running job when the kind says so (a waiting mining run stays waiting)', async () => {
    const { table, queue } = tables[3]!;
    const id = await queue();
    expect(await failJobIfUnfinished(db, table, id, 'Its process ended', { onlyRunning: true })).toBe(false);
    expect((await status(table, id))?.status).toBe('QUEUED');
  });

  it('dismisses an ended export only for its creator, and only once; a running one is not dismissed', async () => {
    const { queue } = tables[2]!;
    const id = await queue();
    const [job] = await db.$queryRawUnsafe<Array<{ createdById: number }>>(
      `SELECT "createdById" FROM "ExportJob" WHERE "id" = $1`,
      id,
    );
    const creator = job!.createdById;
    await makeRunning('ExportJob', id);
    expect(await dismissJobRow(db, 'ExportJob', id, { createdById: creator })).toEqual({ ok: false, reason: 'not-ended' });
    await failJobIfUnfinished(db, 'ExportJob', id, 'Its process ended');
    expect(await dismissJobRow(db, 'ExportJob', id, { createdById: creator + 1 })).toEqual({ ok: false, reason: 'not-found' });
    expect(await dismissJobRow(db, 'ExportJob', id, { mayDismiss: () => false })).toEqual({ ok: false, reason: 'not-yours' });
    expect(await dismissJobRow(db, 'ExportJob', id, { createdById: creator })).toMatchObject({ ok: true });
    expect(await dismissJobRow(db, 'ExportJob', id, { createdById: creator })).toEqual({ ok: false, reason: 'not-found' });
  });
});
