/**
 * The app's own backups (lib/jobs/backup/scheduled-backups.ts) on real PostgreSQL: two instances on one
 * database take one backup between them (the advisory lock), the next is taken only when due, the
 * newest PARALENS_BACKUP_KEEP are kept, a failure is recorded for the admin page in words, and a
 * backup left running by a stopped process is marked failed by the next one.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/lib/db/database';
import { listBackupRuns, startBackupRun } from '@/lib/db/backups/backup-runs';
import { runScheduledBackup, type BackupSchedule } from './scheduled-backups';

const db = database();
let dir: string;
let schedule: BackupSchedule;
const H = 3_600_000;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-scheduled-'));
  schedule = { dir: path.join(dir, 'backups'), everyMs: 24 * H, keep: 2 };
});
beforeEach(() => db.backupRun.deleteMany());
afterAll(() => rm(dir, { recursive: true, force: true }));

const options = (now: Date, env: NodeJS.ProcessEnv = process.env) => ({
  db,
  mode: 'external' as const,
  home: dir,
  authSecret: undefined,
  env: { ...env, PARALENS_MODELS: path.join(dir, 'models') },
  log: () => {},
  now: () => now,
});

describe('scheduled backups', () => {
  it('one instance of two takes each backup; the next only when due; the newest `keep` are kept', async () => {
    const t0 = new Date('2026-11-28T00:00:00Z');
    const outcomes = await Promise.all([runScheduledBackup(schedule, options(t0)), runScheduledBackup(schedule, options(t0))]);
    // the other finds the lock taken (or, had the first already finished, the backup no longer due)
    expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'succeeded')).toEqual([expect.stringMatching(/^(locked|not-due)$/)]);
    expect(await db.backupRun.count()).toBe(1);
    expect(await runScheduledBackup(schedule, options(new Date(t0.getTime() + 23 * H)))).toBe('not-due');
    await writeFile(path.join(schedule.dir, 'notes.txt'), 'kept');
    await writeFile(path.join(schedule.dir, 'paralens-20261127-000000.tar.partial'), 'left by a crash');
    for (const hours of [24, 48])
      expect(await runScheduledBackup(schedule, options(new Date(t0.getTime() + hours * H)))).toBe('succeeded');
    expect((await readdir(schedule.dir)).sort()).toEqual([
      'notes.txt',
      'paralens-20261129-000000.tar',
      'paralens-20261130-000000.tar',
    ]);
    const runs = await listBackupRuns(db);
    expect(runs.map((r) => [r.trigger, r.status])).toEqual(Array(3).fill(['SCHEDULED', 'SUCCEEDED']));
    expect(runs[0]!.bytes).toBeGreaterThan(1000);
    expect(runs[0]!.contents).toMatchObject({ pairs: expect.any(Number) as unknown });
  }, 120_000);

  it('records a failure in words, and fails a backup a stopped process left running', async () => {
    const t0 = new Date('2026-12-10T00:00:00Z');
    const stale = await startBackupRun(db, 'SCHEDULED', 'gone-host', path.join(schedule.dir, 'x.tar'));
    const empty = await mkdtemp(path.join(dir, 'no-tools-'));
    const outcome = await runScheduledBackup(schedule, options(t0, { ...process.env, PARALENS_PG_BIN: empty }));
    expect(outcome).toBe('failed');
    const runs = await listBackupRuns(db);
    expect(runs.find((r) => r.id === stale)).toMatchObject({ status: 'FAILED', message: 'Paralens stopped during the backup' });
    expect(runs[0]).toMatchObject({
      status: 'FAILED',
      message: expect.stringMatching(/^pg_dump of PostgreSQL 18 or newer is needed/) as unknown,
    });
    // tried again an hour later, not at once
    expect(await runScheduledBackup(schedule, options(new Date(t0.getTime() + 0.5 * H)))).toBe('not-due');
    expect(await runScheduledBackup(schedule, options(new Date(t0.getTime() + 1 * H)))).toBe('succeeded');
  }, 120_000);
});
