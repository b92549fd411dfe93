import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { makeUser } from '@/prisma/factories/users';
import { runInMemory } from '../memory-io';
import type { CliIo } from '../io';
import { main } from '../main';

// through main, as `paralens` runs them: its error reporting decides the exit codes
const backup = (args: string[], io: CliIo) => main(['backup', ...args], io);
const restore = (args: string[], io: CliIo) => main(['restore', ...args], io);

const db = getDb();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-cli-backup-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('paralens backup and restore (DATABASE_URL)', () => {
  it('backs up with its size, time and contents, records it, verifies it, and restore refuses a database holding data', async () => {
    const file = path.join(dir, 'cli.tar');
    const made = await runInMemory(backup, ['--out', file]);
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^Backed up to .*cli\.tar: [\d.]+ [kMG]?B in [\d.]+ s \(pg_dump [\d.]+ s\)\n/);
    expect(made.stdout).toMatch(/\nHolds: [\d,]+ corp(us|ora), [\d,]+ pairs?, [\d,]+ campaigns?, [\d,]+ answers?, /);
    expect(made.stdout).toMatch(/\nDatabase: PostgreSQL 18\.\d+, \d+ migrations; dumped with pg_dump \(PostgreSQL\) 18\.\d+\n/);
    expect(made.stdout).toMatch(/\nLeft out: secrets/);
    const run = await db.backupRun.findFirstOrThrow({ where: { file }, select: { trigger: true, status: true, bytes: true } });
    expect(run).toMatchObject({ trigger: 'COMMAND', status: 'SUCCEEDED' });
    expect(Number(run.bytes)).toBeGreaterThan(0);

    expect(await runInMemory(backup, ['verify', file])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/\nOK: 1 members match/) as unknown,
    });
    const again = await runInMemory(backup, ['--out', file]);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/already exists/) as unknown });

    await makeUser(db);
    const refused = await runInMemory(restore, [file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/the database already holds data \(.*\)\. .*--force.*Nothing was changed\./);
  }, 120_000);

  it('exits 2 on bad arguments and on a file that is not a backup', async () => {
    const notTar = path.join(dir, 'notes.txt');
    await writeFile(notTar, 'hello\n');
    expect((await runInMemory(backup, ['verify'])).code).toBe(2);
    expect((await runInMemory(backup, ['--nope'])).code).toBe(2);
    expect((await runInMemory(restore, [])).code).toBe(2);
    expect(await runInMemory(backup, ['verify', notTar])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/notes\.txt is not a Paralens backup: the archive is cut short/) as unknown,
    });
    expect(await runInMemory(restore, [notTar])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/is not a Paralens backup/) as unknown,
    });
  });
});
