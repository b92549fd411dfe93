/**
 * A full disk (ENOSPC) under an upload, an import, an export, a mining run and a backup, on a small
 * tmpfs made for the test: each stops with a message naming the folder and the space it needs,
 * removes its partial files and leaves the database as it was, and the process keeps working (the
 * next request that fits succeeds). Without the permission to mount, the tests are skipped with the
 * reason printed.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { database } from '@/lib/db/database';
import { claimNextQueuedExport, queueExportJob } from '@/lib/db/exports/export-jobs';
import { liveTestOwner } from '@/lib/db/testing/test-job-owners';
import { isAppError } from '@/lib/errors/app-error';
import { apiErrorJson } from '@/lib/http/api-core';
import { makeCorpus, makePairs } from '@/prisma/factories/corpora';
import { makeUser } from '@/prisma/factories/users';
import { createBackup } from '@/lib/services/backups/create-backup';
import { runQueuedExport } from './export-queue';
import { mineInTest } from './mining/testing/mine-in-test';
import { splitDumpXml, writeMultistream } from './mining/testing/multistream-fixture';
import { syntheticDump } from './mining/testing/synthetic-pages';
import { mountSmallDisk, type SmallDisk } from './testing/small-disk';
import { saveUpload } from '@/lib/services/uploads/save-upload';

const root = path.resolve(import.meta.dirname, '../..');
const mounted = mountSmallDisk(4);
const disk: SmallDisk | null = 'skipped' in mounted ? null : mounted;
if ('skipped' in mounted) console.warn(`SKIPPED: ${mounted.skipped}`);
const scratch = mkdtempSync(path.join(tmpdir(), 'paralens-disk-full-'));

afterAll(() => {
  disk?.unmount();
  rmSync(scratch, { recursive: true, force: true });
});

function paralens(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'paralens.mjs'), ...args], {
    cwd: scratch,
    env: {
      ...process.env,
      PARALENS_HOME: scratch,
      PARALENS_MODELS: path.join(scratch, 'no-models'),
      PARALENS_DEBUG: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
}

const bodyOf = (bytes: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let sent = 0; sent < bytes; sent += 64 * 1024)
        controller.enqueue(new Uint8Array(Math.min(64 * 1024, bytes - sent)).fill(65));
      controller.close();
    },
  });

/** What the folder holds besides the test's filling. */
const leftIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f !== 'filler') : []);

/** A corpus of `n` pairs of long texts (about 1 KB each when exported). */
async function corpusOfLongPairs(name: string, n: number) {
  const db = getDb();
  const corpus = await makeCorpus(db, { name });
  const words = 'the harbour tower was built by the town council and still stands today '.repeat(6);
  await makePairs(
    db,
    corpus.id,
    Array.from({ length: n }, (_, i) => ({ a: `${i} ${words}`, b: `${words} ${i}`, referenceLabel: String(i % 2) })),
  );
  return corpus;
}

describe.skipIf(!disk)('a full disk', { timeout: 120_000 }, () => {
  const d = disk!;
  const home = () => path.join(d.dir, 'home');
  let savedHome: string | undefined;
  beforeAll(() => {
    savedHome = process.env.PARALENS_HOME;
    process.env.PARALENS_HOME = home();
    mkdirSync(home(), { recursive: true });
  });
  afterAll(() => {
    if (savedHome === undefined) delete process.env.PARALENS_HOME;
    else process.env.PARALENS_HOME = savedHome;
    d.unfill();
  });

  it('an upload: 507 naming the uploads folder and the size, the partial file removed; the next one that fits is stored', async () => {
    d.fill(256 * 1024);
    try {
      const error = await saveUpload(bodyOf(1_000_000), 2 ** 30, undefined, undefined, 1_000_000).catch((e: unknown) => e);
      expect(isAppError(error)).toBe(true);
      const { status, body } = apiErrorJson(error);
      const answer = body as { error: { code: string; message: string } };
      expect(status).toBe(507);
      expect(answer.error.code).toBe('INSUFFICIENT_STORAGE');
      expect(answer.error.message).toMatch(
        /^The disk holding the uploads folder \(PARALENS_HOME\/uploads\) is full \([\d.]+ kB free\): this upload needs about 1\.00 MB\. Nothing of it was kept\. Free space there \(or ask the administrator to\), then upload the file again\.$/,
      );
      expect(answer.error.message).not.toContain(d.dir);
      expect(leftIn(path.join(home(), 'uploads'))).toEqual([]);
      const small = await saveUpload(bodyOf(50_000));
      expect(small.bytes).toBe(50_000);
      rmSync(small.path);
    } finally {
      d.unfill();
    }
  });

  it('an import whose rejects fill the disk: the folder and space named, nothing imported, no rejects file left', async () => {
    const db = getDb();
    const corpus = await makeCorpus(db, { name: 'Rejects on a full disk' });
    // Texts of at most 20 characters (PARALENS_IMPORT_MAX_TEXT_CHARS): two lines in three go to the rejects file.
    const lines = ['id\tsentence1\tsentence2\tlabel'];
    for (let i = 0; i < 6000; i++)
      lines.push(
        i % 3 === 0 ? `${i}\tShort ${i}.\tBrief ${i}.\t1` : `${i}\tA text too long for the limit ${i}.\tAnother ${i}.\t0`,
      );
    const file = path.join(scratch, 'with-rejects.tsv');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const rejects = path.join(d.dir, 'rejects', 'with-rejects.rejects.jsonl');
    mkdirSync(path.dirname(rejects), { recursive: true });
    d.fill(200 * 1024);
    try {
      const out = await paralens(
        ['import', file, '--corpus', corpus.slug, '--skip-invalid', '--rejects', rejects, '--no-score'],
        {
          PARALENS_IMPORT_MAX_TEXT_CHARS: '20',
        },
      );
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(
        new RegExp(
          `The disk holding ${path.dirname(rejects).replace(/[/.]/g, '\\$&')} is full \\([\\d.]+ kB free\\): the rejects file of with-rejects\\.tsv \\(the lines skipped, with their errors\\) needs about [\\d.]+ [kM]B\\. The import stopped after [\\d,]+ pairs read: nothing of this file was imported and the partial rejects file was removed\\. Free space there, then run the same command again\\.`,
        ),
      );
      expect(out.stderr).not.toMatch(/ENOSPC|--debug/);
      expect(leftIn(path.dirname(rejects))).toEqual([]);
      expect(await db.pair.count({ where: { corpusId: corpus.id } })).toBe(0);
    } finally {
      d.unfill();
    }
  });

  it('an export on the command line: the folder and the estimated size named, no partial file left', async () => {
    const corpus = await corpusOfLongPairs('Exported onto a full disk', 300);
    const outDir = path.join(d.dir, 'out');
    mkdirSync(outDir, { recursive: true });
    d.fill(64 * 1024);
    try {
      const out = await paralens(['export', '--corpus', corpus.slug, '--format', 'jsonl', '--out', path.join(outDir, 'x.jsonl')]);
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(
        new RegExp(
          `^paralens export: The disk holding ${outDir.replace(/[/.]/g, '\\$&')} is full \\([\\d.]+ (kB|bytes|B) free\\): the export needs about [\\d.]+ (kB|MB)\\. It stopped after [\\d,]+ of 300 rows: nothing of it was kept \\(its partial file was removed\\)\\. Free space there, then run the same command again\\.$`,
          'm',
        ),
      );
      expect(leftIn(outDir)).toEqual([]);
    } finally {
      d.unfill();
    }
  });

  it('an export from the web: its row names the exports folder, the folder keeps nothing of it', async () => {
    const db = getDb();
    const user = await makeUser(db, { role: 'RESEARCHER' });
    const corpus = await corpusOfLongPairs('Web export onto a full disk', 300);
    const job = await queueExportJob(db, {
      createdById: user.id,
      corpusId: corpus.id,
      campaignId: null,
      format: 'JSONL',
      filters: null,
      options: { include: ['texts', 'measures'] },
    });
    expect(await claimNextQueuedExport(db, await liveTestOwner(db))).toEqual({ id: job.id });
    mkdirSync(path.join(home(), 'exports'), { recursive: true });
    d.fill(64 * 1024);
    try {
      await runQueuedExport(database(), job.id, process.env).catch((e: unknown) => e);
      const row = await db.exportJob.findUniqueOrThrow({ where: { id: job.id }, select: { status: true, message: true } });
      expect(row.status).toBe('FAILED');
      expect(row.message).toMatch(
        /^The disk holding the exports folder \(PARALENS_HOME\/exports\) is full \([\d.]+ (kB|bytes|B) free\): the export needs about [\d.]+ (kB|MB)\. It stopped after [\d,]+ of 300 rows: nothing of it was kept \(its partial file was removed\)\. Free space there, then run it again from the Exports page\.$/,
      );
      expect(leftIn(path.join(home(), 'exports'))).toEqual([]);
    } finally {
      d.unfill();
    }
  });

  it('a mining run whose spool fills: the folder named, nothing published, the run resumable', async () => {
    const xml = syntheticDump();
    const dump = path.join(scratch, 'multistream.xml.bz2');
    writeMultistream(splitDumpXml(xml), dump, path.join(scratch, 'multistream-index.txt'), 1);
    const spool = path.join(d.dir, 'spool');
    mkdirSync(spool, { recursive: true });
    process.env.PARALENS_SPOOL_DIR = spool;
    d.fill(0);
    try {
      const report = await mineInTest({
        dumpPath: dump,
        indexPath: path.join(scratch, 'multistream-index.txt'),
        workers: 1,
        chunkBytes: 1,
      });
      expect(report.status).toBe('FAILED');
      expect(report.message).toMatch(
        new RegExp(
          `^The disk holding ${spool.replace(/[/.]/g, '\\$&')} is full \\(0 B free\\): mining with 1 worker \\(each decompresses a chunk of the dump there, up to [\\d.]+ [kMG]B\\) needs about [\\d.]+ [kMG]B\\. The run stopped( after 0 of \\d+ chunks)?: nothing was published, the chunk in progress was removed and the finished chunks are kept\\. Free space there \\(or choose fewer workers\\); run the same command again to continue\\.$`,
        ),
      );
      expect(report.resumable).toBe(true);
      expect(leftIn(spool)).toEqual([]);
      expect(await getDb().corpus.count({ where: { name: { startsWith: `mined in test ${process.pid}` } } })).toBe(0);
    } finally {
      delete process.env.PARALENS_SPOOL_DIR;
      d.unfill();
    }
  });

  it('a backup: the folder and the space named, its partial files removed, the database untouched', async () => {
    const db = getDb();
    await corpusOfLongPairs('Backed up onto a full disk', 50);
    const before = await db.pair.count();
    const outDir = path.join(d.dir, 'backups');
    mkdirSync(outDir, { recursive: true });
    d.fill(16 * 1024);
    try {
      const error = await createBackup({
        db: database(),
        mode: 'external',
        out: path.join(outDir, 'full.tar'),
        home: home(),
        modelsDir: path.join(home(), 'models'),
        folderShown: 'the backups folder (PARALENS_BACKUP_DIR)',
      }).catch((e: unknown) => e);
      expect(isAppError(error) && error.code).toBe('INSUFFICIENT_STORAGE');
      expect((error as Error).message).toMatch(
        /^The disk holding the backups folder \(PARALENS_BACKUP_DIR\) is full \([\d.]+ (kB|B) free\): the backup \(its dump, then the archive that holds it\) needs more than [\d.]+ (kB|B|MB)\. Its partial files were removed and the database is untouched\. Free space there or choose another folder, then take the backup again\.$/,
      );
      expect(leftIn(outDir)).toEqual([]);
      expect(await db.pair.count()).toBe(before);
    } finally {
      d.unfill();
    }
  });
});
