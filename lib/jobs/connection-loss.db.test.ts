/**
 * PostgreSQL going away under a job (a server stopped, or its session ended with
 * pg_terminate_backend): the command line says what happened and what to do (no `write EPIPE`, no
 * stack), the job's row says the same for its page once the database is back, nothing half-written
 * stays (an import's transaction rolls back, an export's partial file goes) and no job is left
 * running under a living owner. Real servers and real `paralens` processes.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, getDb, type Db } from '@/lib/db/client';
import { openDatabaseHandle } from '@/lib/db/database';
import { confirmUploadedImport, createUploadedImportJob } from '@/lib/db/imports/import-jobs';
import { startVanishingPostgres, type VanishingPostgres } from '@/lib/db/testing/vanishing-postgres';
import { claimNextQueuedExport, queueExportJob } from '@/lib/db/exports/export-jobs';
import { liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { makeCorpus } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { importJobKind } from './import-queue';
import { JobSupervisor } from './job-supervisor';
import { recoverOrphanedJobs } from './orphans';
import { runQueuedExport } from './export-queue';
import { mineInTest } from './mining/testing/mine-in-test';
import { syntheticDump } from './mining/testing/synthetic-pages';

const root = path.resolve(import.meta.dirname, '../..');
const home = mkdtempSync(path.join(tmpdir(), 'paralens-lost-'));
const models = path.join(home, 'no-models');
let server: VanishingPostgres;
let db: Db;

beforeAll(async () => {
  server = await startVanishingPostgres();
  db = createPrismaClient(server.url);
}, 120_000);
afterAll(async () => {
  await db?.$disconnect();
  await server?.remove();
});

const env = () => ({
  ...process.env,
  DATABASE_URL: server.url,
  PARALENS_HOME: home,
  PARALENS_MODELS: models,
  AUTH_SECRET: 'a'.repeat(40),
  PARALENS_DEBUG: '0',
});

function paralens(args: string[]) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'paralens.mjs'), ...args], {
    cwd: home,
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function pairsFile(name: string, count: number): string {
  const lines = ['id\tsentence1\tsentence2\tlabel'];
  for (let i = 0; i < count; i++)
    lines.push(`${i}\tThe rabbit number ${i} sat on an Easter postcard.\tA bunny ${i} sat on a card for Easter.\t1`);
  const file = path.join(home, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/** The import with the given file name has read this many records (its progress is written as it goes). */
const importHasRead = (fileName: string, records: number) => async () => {
  const { rows } = await server.pool.query<{ recordsRead: number }>(
    `SELECT "recordsRead" FROM "ImportJob" WHERE "fileName" = $1 ORDER BY "id" DESC LIMIT 1`,
    [fileName],
  );
  return (rows[0]?.recordsRead ?? 0) >= records;
};

/** Nothing a user should ever see from the command line: a raw socket error, a stack, the debug hint. */
function expectNoRawError(stderr: string) {
  expect(stderr).not.toMatch(/EPIPE|ECONNRESET|not queryable|--debug|\n\s+at /);
}

describe('PostgreSQL going away during a command-line import', { timeout: 300_000 }, () => {
  it('stopped: the import says where it was and that nothing was imported; the job is failed once the database is back', async () => {
    const file = pairsFile('stopped.tsv', 80_000);
    const cli = paralens(['import', file, '--corpus', 'Stopped under an import', '--no-score']);
    await waitFor('the import to write', importHasRead('stopped.tsv', 6_000));
    await server.stop();
    const out = await cli.done;
    await server.start();
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('The database connection was lost during the import of stopped.tsv');
    expect(out.stderr).toContain(
      ': nothing of this file was imported. Run the same command again once PostgreSQL is running again.',
    );
    expect(out.stderr).toContain('The corpus "Stopped under an import" this command created stays, empty');
    expectNoRawError(out.stderr);
    const { rows } = await server.pool.query<{ pairs: number }>(
      `SELECT count(*)::int AS pairs FROM "Pair" p JOIN "Corpus" c ON c."id" = p."corpusId" WHERE c."name" = 'Stopped under an import'`,
    );
    expect(rows[0]!.pairs).toBe(0);
    // the command's process is gone: its job is failed, not left running
    await recoverOrphanedJobs(db, env());
    const job = await db.importJob.findFirstOrThrow({ where: { fileName: 'stopped.tsv' }, select: { status: true } });
    expect(job.status).toBe('FAILED');
  });

  it('its session terminated: the same message on the command line and in the job row; nothing imported', async () => {
    const corpus = await makeCorpus(db, { name: 'Terminated under an import' });
    const file = pairsFile('terminated.tsv', 80_000);
    const cli = paralens(['import', file, '--corpus', corpus.name, '--no-score']);
    await waitFor('the import to write', importHasRead('terminated.tsv', 6_000));
    expect(await server.terminateSessions()).toBeGreaterThan(0);
    const out = await cli.done;
    expect(out.code).toBe(1);
    expectNoRawError(out.stderr);
    const job = await db.importJob.findFirstOrThrow({
      where: { fileName: 'terminated.tsv' },
      select: { status: true, message: true },
    });
    expect(job.status).toBe('FAILED');
    expect(job.message).toMatch(
      /^The database connection was lost during the import of terminated\.tsv (while writing pairs [\d,]+–[\d,]+ \([\d,]+ read\)|after [\d,]+ pairs read): nothing of this file was imported\. Run the same command again once PostgreSQL is running again\.$/,
    );
    expect(out.stderr).toContain(job.message);
    expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(0);
  });
});

describe('PostgreSQL going away during a web import', { timeout: 300_000 }, () => {
  it('the job process hands its message to the supervisor, which records it when the database is back', async () => {
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const corpus = await makeCorpus(db, { name: 'Stopped under a web import' });
    const uploads = path.join(home, 'uploads');
    mkdirSync(uploads, { recursive: true, mode: 0o700 });
    const source = path.join(uploads, `${Date.now()}.upload`);
    copyFileSync(pairsFile('web.tsv', 80_000), source);
    const job = await createUploadedImportJob(db, {
      corpusId: corpus.id,
      createdById: user.id,
      fileName: 'web.tsv',
      fileBytes: 1,
      sourcePath: source,
      format: 'paws',
    });
    await confirmUploadedImport(db, job.id, { format: 'paws', tier: null, map: null, skipInvalid: false });
    const logs: string[] = [];
    const supervisor = new JobSupervisor(db, [importJobKind], { env: env(), pollMs: 200, log: (l) => logs.push(l) });
    supervisor.start();
    try {
      await waitFor('the web import to write', importHasRead('web.tsv', 6_000));
      await server.stop();
      await waitFor('the supervisor to wait for the database', () =>
        Promise.resolve(logs.some((l) => l.includes("the job's end is recorded when it is back"))),
      );
      await server.start();
      const failed = await waitFor('the job to be failed', async () => {
        const row = await db.importJob.findUnique({ where: { id: job.id }, select: { status: true, message: true } });
        return row?.status === 'FAILED' ? row : null;
      });
      expect(failed.message).toMatch(
        /^The database connection was lost during the import of web\.tsv .*: nothing of this file was imported\. Upload the file again once PostgreSQL is running again\.$/,
      );
      expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(0);
      expect(existsSync(source)).toBe(false);
    } finally {
      await supervisor.stop();
    }
  });
});

describe('PostgreSQL going away during an export', { timeout: 300_000 }, () => {
  /** Holds a lock that the export's query waits for, and ends the export's session while it waits. */
  async function terminateExportWaitingOnPair(): Promise<() => Promise<void>> {
    const holder = await server.pool.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE "Pair" IN ACCESS EXCLUSIVE MODE');
    // released whatever happens: a test that fails here must not leave the next one waiting on the lock
    return async () => {
      try {
        await waitFor('the export to wait for the lock', async () => {
          const { rows } = await server.pool.query(
            `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%"Pair"%'`,
          );
          return rows.length > 0;
        });
        await server.terminateSessions(`wait_event_type = 'Lock' AND query ILIKE '%"Pair"%'`);
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        holder.release();
      }
    };
  }

  it('on the command line: said in plain words, and no partial file stays', async () => {
    const corpus = await makeCorpus(db, { name: 'Exported while lost' });
    const out = path.join(home, 'lost-export.jsonl');
    const terminate = await terminateExportWaitingOnPair();
    const cli = paralens(['export', '--corpus', corpus.slug, '--format', 'jsonl', '--out', out]);
    await terminate();
    const result = await cli.done;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'paralens export: The database connection was lost: nothing of it was kept (its partial file was removed). Run the same command again once PostgreSQL is running again.',
    );
    expectNoRawError(result.stderr);
    expect(readdirSync(home).filter((f) => f.startsWith('lost-export'))).toEqual([]);
  });

  it('from the web: the job row says it, and the exports folder keeps nothing of it', async () => {
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const corpus = await makeCorpus(db, { name: 'Web export while lost' });
    const job = await queueExportJob(db, {
      createdById: user.id,
      corpusId: corpus.id,
      campaignId: null,
      format: 'JSONL',
      filters: null,
      options: { include: ['texts', 'measures'] },
    });
    expect(await claimNextQueuedExport(db, await liveTestOwner(db))).toEqual({ id: job.id });
    const terminate = await terminateExportWaitingOnPair();
    const handle = openDatabaseHandle(server.url);
    const running = runQueuedExport(handle, job.id, env()).catch((e: unknown) => e);
    await terminate();
    await running;
    await handle.close();
    const row = await db.exportJob.findUniqueOrThrow({ where: { id: job.id }, select: { status: true, message: true } });
    expect(row).toEqual({
      status: 'FAILED',
      message:
        'The database connection was lost: nothing of it was kept (its partial file was removed). Run it again from the Exports page once PostgreSQL is running again.',
    });
    expect(readdirSync(path.join(home, 'exports')).filter((f) => f.startsWith(`${job.id}-`))).toEqual([]);
  });
});

describe('PostgreSQL going away during scoring', { timeout: 300_000 }, () => {
  it('paralens score: the pairs scored are kept, and the message says the same command continues', async () => {
    const file = pairsFile('to-score.tsv', 1_500);
    const imported = await paralens(['import', file, '--corpus', 'Scored while lost', '--no-score']).done;
    expect(imported.code, imported.stderr).toBe(0);
    // A pair of the second batch is locked, so the job waits there; then the server stops.
    const holder = await server.pool.connect();
    await holder.query('BEGIN');
    await holder.query(
      `SELECT p."id" FROM "Pair" p JOIN "Corpus" c ON c."id" = p."corpusId" WHERE c."name" = 'Scored while lost' ORDER BY p."id" OFFSET 150 LIMIT 1 FOR UPDATE OF p`,
    );
    const cli = paralens(['score', '--corpus', 'Scored while lost', '--batch', '100']);
    await waitFor('the scoring write to wait for the lock', async () => {
      const { rows } = await server.pool.query(
        `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'UPDATE "Pair"%'`,
      );
      return rows.length > 0;
    });
    holder.release(true);
    await server.stop();
    const out = await cli.done;
    await server.start();
    expect(out.code).toBe(1);
    expect(out.stderr).toMatch(
      /The database connection was lost after [\d,]+ pairs were scored: they are kept\. Running the same command again continues after them once PostgreSQL is running again\./,
    );
    expectNoRawError(out.stderr.replace(/writing a batch failed \([^)]*\)/g, ''));
  });
});

describe('PostgreSQL going away during a mining run', { timeout: 300_000 }, () => {
  it('the run says so, keeps its finished chunks and can be resumed', async () => {
    const dump = path.join(home, 'mined.xml');
    writeFileSync(dump, syntheticDump());
    const worker = getDb();
    // The session that marks a chunk done ends itself (as pg_terminate_backend from outside would).
    await worker.$executeRawUnsafe(`CREATE FUNCTION end_own_session() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$`);
    await worker.$executeRawUnsafe(
      `CREATE TRIGGER end_own_session BEFORE UPDATE ON "MiningChunk" FOR EACH ROW WHEN (NEW."doneAt" IS NOT NULL) EXECUTE FUNCTION end_own_session()`,
    );
    try {
      const report = await mineInTest({ dumpPath: dump });
      expect(report.status).toBe('FAILED');
      expect(report.message).toMatch(
        /^The database connection was lost after 0 of 1 chunks\. Nothing was published; the finished chunks are kept, so running the same command again continues once PostgreSQL is running again\.$/,
      );
      expect(report.resumable).toBe(true);
      const run = await worker.miningRun.findUniqueOrThrow({
        where: { id: report.runId! },
        select: { status: true, message: true },
      });
      expect(run).toEqual({ status: 'FAILED', message: report.message });
    } finally {
      await worker.$executeRawUnsafe('DROP TRIGGER end_own_session ON "MiningChunk"');
      await worker.$executeRawUnsafe('DROP FUNCTION end_own_session()');
    }
  });
});
