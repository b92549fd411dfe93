/**
 * Jobs whose owner is gone (lib/jobs/orphans.ts, docs/decisions/008-job-ownership.md), with real
 * owner processes: a job supervisor running an import in a real `paralens run-job` process, and a
 * command-line-like owner. Killing the owner and recovering at once fails its import within
 * seconds, whatever the job's timestamp; a living owner's job is left alone; cancel ends an orphan.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { confirmUploadedImport, createUploadedImportJob, requestImportCancel } from '@/lib/db/imports/import-jobs';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { importJobKind } from './import-queue';
import { pruneOwners } from '@/lib/runtime/job-owner';
import { JobSupervisor } from './job-supervisor';
import { recoverOrphanedJobs } from './orphans';

const home = mkdtempSync(path.join(tmpdir(), 'paralens-orphans-'));
const env = { ...process.env, PARALENS_HOME: home };
const uploads = path.join(home, 'uploads');
mkdirSync(uploads, { recursive: true });
chmodSync(uploads, 0o700);
const ownerScript = path.join(import.meta.dirname, 'testing', 'owner-process.ts');
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts an owner process; resolves with its first output line's words once it is ready. */
function startOwner(args: string[]): Promise<{ child: ChildProcess; words: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ownerScript, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('ready '));
      if (line) resolve({ child, words: line.split(' ').slice(1) });
    });
    child.once('exit', (code) => reject(new Error(`owner process exited ${code}: ${err}`)));
  });
}

/** SIGKILL, and wait until the process is reaped (a zombie still answers to kill(pid, 0)). */
async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

const header = 'id\tsentence1\tsentence2\tlabel';
const rows = Array.from(
  { length: 30_000 },
  (_, i) => `${i}\tSentence number ${i} about a cat on a mat.\tAnother sentence ${i} about a dog on a log.\t1`,
);
// one bad record early on, skipped into the job's rejects file
const content = `${[header, rows[0], 'broken line without columns', ...rows.slice(1)].join('\n')}\n`;

async function queueUpload(corpusId: number, userId: number) {
  const file = path.join(uploads, `${Date.now()}-${Math.random()}.upload`);
  writeFileSync(file, content, { mode: 0o600 });
  const job = await createUploadedImportJob(getDb(), {
    corpusId,
    createdById: userId,
    fileName: 'big.tsv',
    fileBytes: content.length,
    sourcePath: file,
    format: 'paws',
  });
  await confirmUploadedImport(getDb(), job.id, { format: 'paws', tier: null, map: null, skipInvalid: true });
  return { job, file };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('jobs whose owner is gone', () => {
  it('an import whose supervisor is killed is failed at once on recovery, its files swept, and the same file then imports', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const { job, file } = await queueUpload(corpus.id, user.id);
    const { child, words } = await startOwner(['supervisor']);
    const running = await waitFor(
      'the import to run',
      async () => {
        const row = await db.importJob.findUniqueOrThrow({ where: { id: job.id } });
        return row.status === 'RUNNING' && row.recordsRead > 0 ? row : null;
      },
      180_000, // two processes start (the owner, then its job process): slow on a busy machine
    );
    expect(running.ownerId).toBe(words[0]);
    // its upload and the partial rejects file it writes
    const rejects = path.join(home, 'rejects', `import-${job.id}.rejects.jsonl`);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(rejects)).toBe(true);

    const killedAt = Date.now();
    await killHard(child);
    const recovered = await recoverOrphanedJobs(db, env); // "restart at once": no waiting for any timeout
    const failed = await db.importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    expect(recovered.imports).toBeGreaterThanOrEqual(1);
    expect(failed).toMatchObject({
      status: 'FAILED',
      sourcePath: null,
      message: 'Interrupted: the process running it stopped. Nothing was imported; start it again.',
    });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(rejects)).toBe(false);
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(0);

    // The same file again, through a supervisor of this process: nothing of the dead job is in the way.
    const again = await queueUpload(corpus.id, user.id);
    const supervisor = new JobSupervisor(db, [importJobKind], { pollMs: 100, env, log: () => {} });
    supervisor.start();
    try {
      const ended = await waitFor(
        'the second import to end',
        async () => {
          const row = await db.importJob.findUniqueOrThrow({ where: { id: again.job.id } });
          return row.status !== 'QUEUED' && row.status !== 'RUNNING' && row.sourcePath === null ? row : null;
        },
        240_000,
      );
      expect(ended).toMatchObject({ status: 'SUCCEEDED', imported: rows.length });
    } finally {
      await supervisor.stop();
    }
  }, 600_000);

  it("a living owner's running job is left alone; once its process is killed, the job fails at once", async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const { child, words } = await startOwner(['cli', String(corpus.id)]);
    const jobId = Number(words[1]);
    // its timestamp is old: only the owner's life counts
    await db.importJob.update({ where: { id: jobId }, data: { updatedAt: new Date(Date.now() - 60 * 60_000) } });

    await recoverOrphanedJobs(db, env);
    expect((await db.importJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe('RUNNING');

    await killHard(child);
    await recoverOrphanedJobs(db, env);
    expect((await db.importJob.findUniqueOrThrow({ where: { id: jobId } })).status).toBe('FAILED');
  }, 180_000);

  it("cancel on a job whose owner was killed ends it at once; on a living owner's job it only asks", async () => {
    const db = getDb();
    const corpus = await makeCorpus(db);
    const living = await startOwner(['cli', String(corpus.id)]);
    const dying = await startOwner(['cli', String(corpus.id)]);
    await killHard(dying.child);

    await pruneOwners(db); // what the cancel action does first
    expect(await requestImportCancel(db, Number(living.words[1]))).toEqual({ result: 'requested', sourcePath: null });
    expect(await requestImportCancel(db, Number(dying.words[1]))).toEqual({ result: 'stopped', sourcePath: null });
    expect((await db.importJob.findUniqueOrThrow({ where: { id: Number(dying.words[1]) } })).status).toBe('CANCELLED');
    expect((await db.importJob.findUniqueOrThrow({ where: { id: Number(living.words[1]) } })).status).toBe('RUNNING');
  }, 180_000);
});
