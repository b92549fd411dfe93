/**
 * Takes a backup of the whole database while the app runs: PostgreSQL's own pg_dump (custom format)
 * in a snapshot exported by lib/db/backups/snapshot.ts, so the counts in the manifest are those of the
 * dump, and every answer acknowledged before the snapshot is in it. The files Paralens keeps beside
 * the database that a restore needs (installed models' manifests) go in too; what is left out is said
 * in the manifest. The archive is written under a `.partial` name and renamed when complete.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  BACKUP_FORMAT,
  DUMP_NAME,
  HOME_PREFIX,
  MANIFEST_NAME,
  formatBytes,
  type BackupContents,
  type BackupManifest,
  type BackupMember,
} from '@/lib/backup/backup-manifest';
import { withExportedSnapshot } from '@/lib/db/backups/snapshot';
import { databaseUrlOf, type Database } from '@/lib/db/database';
import { AppError } from '@/lib/errors/app-error';
import { describeDiskFull } from '@/lib/errors/disk-full';
import { isDiskFull } from '@/lib/errors/failure-causes';
import { freeBytesAt } from '@/lib/runtime/disk-space';
import { findPgTool, serverMajorVersion } from '@/lib/runtime/pg-tools';
import { TarWriter } from './backup-archive';
import { PgToolError, runPgTool } from './pg-process';

export interface CreateBackupOptions {
  /** the database to back up (pg_dump is given its URL) */
  db: Database;
  mode: 'embedded' | 'external';
  /** the archive to write (must not exist) */
  out: string;
  home: string;
  modelsDir: string;
  authSecret?: string | undefined;
  env?: NodeJS.ProcessEnv;
  /** the folder of `out` as messages name it (default: its path) */
  folderShown?: string;
}

export interface BackupResult {
  file: string;
  bytes: number;
  seconds: number;
  /** of which pg_dump */
  dumpSeconds: number;
  contents: BackupContents;
  manifest: BackupManifest;
}

/** Tables whose rows a backup leaves out: its own history (a restored database starts with none). */
const EXCLUDED_TABLE_DATA = ['public."BackupRun"'];
/** Files of the models folder that say what is installed (not weights), so `paralens models` can tell what to fetch. */
const MODEL_MANIFESTS = new Set(['manifest.json', 'pulled.json']);

async function listFiles(dir: string, depth = 3): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && depth > 1) found.push(...(await listFiles(full, depth - 1)));
    else if (entry.isFile()) found.push(full);
  }
  return found;
}

async function totalSize(files: string[]): Promise<number> {
  let sum = 0;
  for (const f of files) sum += (await stat(f).catch(() => ({ size: 0 }))).size;
  return sum;
}

export function secretFingerprint(secret: string | undefined): string | null {
  return secret ? createHash('sha256').update(`paralens-backup:${secret}`).digest('hex').slice(0, 16) : null;
}

/** The files beside the database: the models' manifests to include, and what is left out, in words. */
async function homeFiles(
  home: string,
  modelsDir: string,
): Promise<{ include: { name: string; file: string }[]; leftOut: string[] }> {
  const modelFiles = await listFiles(modelsDir);
  const manifests = modelFiles.filter((f) => MODEL_MANIFESTS.has(path.basename(f)));
  const weights = modelFiles.filter((f) => !MODEL_MANIFESTS.has(path.basename(f)));
  const include = manifests.map((file) => ({
    name: `${HOME_PREFIX}models/${path.relative(modelsDir, file).split(path.sep).join('/')}`,
    file,
  }));
  const leftOut: string[] = [];
  if (weights.length > 0)
    leftOut.push(
      `model files (${weights.length} files, ${formatBytes(await totalSize(weights))}): fetch them again with \`paralens models pull\` or \`paralens models add glove\` (their manifests are in the backup)`,
    );
  const uploads = await listFiles(path.join(home, 'uploads'), 1);
  if (uploads.length > 0)
    leftOut.push(`uploads waiting for import (${uploads.length} files): temporary; upload them again after a restore`);
  const exports = await listFiles(path.join(home, 'exports'), 2);
  if (exports.length > 0) leftOut.push(`export files (${exports.length}): run the exports again after a restore`);
  leftOut.push(
    'secrets (secrets.json, AUTH_SECRET): keep them apart from the backups; model endpoints’ keys are sealed with AUTH_SECRET',
  );
  return { include, leftOut };
}

export async function createBackup(options: CreateBackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const out = path.resolve(options.out);
  if (existsSync(out)) throw new AppError('CONFLICT', `${out} already exists; name another file.`);
  const partial = `${out}.partial`;
  const dumpFile = `${out}.dump.partial`;
  await rm(partial, { force: true });
  await rm(dumpFile, { force: true });
  const writer = await TarWriter.create(partial);
  try {
    let dumpSeconds = 0;
    const snapshot = await withExportedSnapshot(options.db, async (snap) => {
      const pgDump = findPgTool('pg_dump', serverMajorVersion(snap.serverVersion), options.env);
      const dumpStarted = Date.now();
      const args = ['--format=custom', `--snapshot=${snap.id}`, '--no-password', `--file=${dumpFile}`];
      for (const table of EXCLUDED_TABLE_DATA) args.push(`--exclude-table-data=${table}`);
      await runPgTool(pgDump.path, args, databaseUrlOf(options.db));
      dumpSeconds = (Date.now() - dumpStarted) / 1000;
      return { ...snap, pgDump: pgDump.version };
    });
    const members: BackupMember[] = [await writer.addFile(DUMP_NAME, dumpFile)];
    await rm(dumpFile, { force: true });
    const { include, leftOut } = await homeFiles(options.home, options.modelsDir);
    for (const { name, file } of include) members.push(await writer.addFile(name, file));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date(started).toISOString(),
      seconds: (Date.now() - started) / 1000,
      database: {
        serverVersion: snapshot.serverVersion,
        pgDump: snapshot.pgDump,
        migrations: snapshot.migrations,
        mode: options.mode,
      },
      contents: snapshot.contents,
      members,
      leftOut,
      secretFingerprint: secretFingerprint(options.authSecret),
    };
    await writer.addBuffer(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    const bytes = await writer.finish();
    await rename(partial, out);
    return { file: out, bytes, seconds: (Date.now() - started) / 1000, dumpSeconds, contents: snapshot.contents, manifest };
  } catch (error) {
    const written = (await sizeOf(partial)) + (await sizeOf(dumpFile));
    await writer.abandon();
    await rm(partial, { force: true });
    await rm(dumpFile, { force: true });
    if (!isDiskFull(error) && !(error instanceof PgToolError && /no space left on device/i.test(error.output))) throw error;
    throw new AppError(
      'INSUFFICIENT_STORAGE',
      describeDiskFull({
        folder: options.folderShown ?? path.dirname(out),
        free: await freeBytesAt(path.dirname(out)),
        // the dump is written beside the archive, then copied into it: twice what was written, at least
        needed: { bytes: 2 * written, atLeast: true },
        what: 'the backup (its dump, then the archive that holds it)',
        after:
          'Its partial files were removed and the database is untouched. Free space there or choose another folder, then take the backup again.',
      }),
    );
  }
}

async function sizeOf(file: string): Promise<number> {
  return (await stat(file).catch(() => ({ size: 0 }))).size;
}
