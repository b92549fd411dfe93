/**
 * Restores a backup into a database: checks the archive first (verify-backup.ts), refuses a backup
 * from a newer Paralens (migrations this code does not know) and a database that holds data unless
 * told to replace it, then clears the database, runs PostgreSQL's own pg_restore in one transaction
 * (a failure leaves the database empty, never half restored), applies the migrations the backup
 * predates, and puts the files Paralens keeps beside the database back where they belong.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DUMP_NAME,
  HOME_PREFIX,
  describeBackupContents,
  unknownMigrations,
  type BackupContents,
  type BackupManifest,
} from '@/lib/backup/backup-manifest';
import { clearDatabase, holdsData, inspectRestoreTarget } from '@/lib/db/backups/restore-target';
import { applyMigrations, listMigrationNames } from '@/lib/db/migrations';
import { AppError } from '@/lib/errors/app-error';
import { findPgTool, serverMajorVersion } from '@/lib/runtime/pg-tools';
import { extractMember, readMemberText, type TarEntry } from './backup-archive';
import { secretFingerprint } from './create-backup';
import { runPgTool } from './pg-process';
import { verifyBackup } from './verify-backup';

export interface RestoreOptions {
  file: string;
  url: string;
  /** replace a database that holds data */
  force?: boolean;
  modelsDir: string;
  /** where the dump is unpacked for pg_restore (a folder with room for it) */
  workDir: string;
  authSecret?: string | undefined;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export interface RestoreResult {
  seconds: number;
  /** of which pg_restore */
  restoreSeconds: number;
  manifest: BackupManifest;
  /** what the database held before and was replaced (with force) */
  replaced: BackupContents | null;
  appliedMigrations: string[];
  restoredFiles: string[];
  /** the secret in use is not the one the backup's sealed keys were made with (or cannot be told) */
  secretDiffers: boolean;
}

async function restoreHomeFiles(options: RestoreOptions, manifest: BackupManifest, entries: Map<string, TarEntry>) {
  const restored: string[] = [];
  for (const member of manifest.members) {
    if (!member.name.startsWith(`${HOME_PREFIX}models/`)) continue;
    const relative = member.name.slice(`${HOME_PREFIX}models/`.length);
    if (relative.split('/').some((part) => part === '..' || part === '')) continue;
    const target = path.join(options.modelsDir, ...relative.split('/'));
    if (existsSync(target) && !options.force) continue;
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(target, await readMemberText(options.file, entries.get(member.name)!), { mode: 0o600 });
    restored.push(target);
  }
  return restored;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const { manifest, entries, problems } = await verifyBackup(options.file, options.env);
  if (problems.length > 0)
    throw new AppError('CONFLICT', `${options.file} is damaged: ${problems.join('; ')}. Nothing was changed.`);
  const newer = unknownMigrations(manifest.database.migrations, await listMigrationNames());
  if (newer.length > 0) {
    throw new AppError(
      'CONFLICT',
      `the backup comes from a newer Paralens (its database has ${newer.length} migration(s) this one does not know, the first ${newer[0]}). ` +
        'Restore it with that version or newer. Nothing was changed.',
    );
  }
  const target = await inspectRestoreTarget(options.url);
  if (holdsData(target) && !options.force) {
    const what = target.contents
      ? describeBackupContents(target.contents)
      : `rows in ${target.tablesWithRows.slice(0, 3).join(', ')}`;
    throw new AppError(
      'CONFLICT',
      `the database already holds data (${what}). ` +
        'Restore into an empty database or PARALENS_HOME, or add --force to replace it (take a backup of it first). Nothing was changed.',
    );
  }
  const pgRestore = findPgTool(
    'pg_restore',
    Math.max(serverMajorVersion(target.serverVersion), serverMajorVersion(manifest.database.serverVersion)),
    options.env,
  );
  await mkdir(options.workDir, { recursive: true });
  const work = await mkdtemp(path.join(options.workDir, 'restore-'));
  try {
    const dump = path.join(work, DUMP_NAME);
    log(`Unpacking ${DUMP_NAME} …`);
    await extractMember(options.file, entries.get(DUMP_NAME)!, dump);
    if (target.objects > 0) await clearDatabase(options.url);
    log(`Restoring with ${pgRestore.version} …`);
    const restoreStarted = Date.now();
    await runPgTool(
      pgRestore.path,
      ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', '--no-password', dump],
      options.url,
    );
    const restoreSeconds = (Date.now() - restoreStarted) / 1000;
    const applied = await applyMigrations(options.url);
    const restoredFiles = await restoreHomeFiles(options, manifest, entries);
    const fingerprint = secretFingerprint(options.authSecret);
    return {
      seconds: (Date.now() - started) / 1000,
      restoreSeconds,
      manifest,
      replaced: holdsData(target) ? target.contents : null,
      appliedMigrations: applied,
      restoredFiles,
      secretDiffers: manifest.secretFingerprint !== null && manifest.secretFingerprint !== fingerprint,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
