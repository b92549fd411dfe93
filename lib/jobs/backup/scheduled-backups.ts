/**
 * The running app's own backups: with PARALENS_BACKUP_DIR set, the job supervisor's housekeeping asks
 * every minute whether one is due (every PARALENS_BACKUP_EVERY, a failed one retried after an hour);
 * the instance that gets the advisory lock (lib/db/backups/backup-lock.ts) takes it while the others
 * skip, records it for the admin's Backups page, and keeps the newest PARALENS_BACKUP_KEEP of the
 * archives it wrote. The backup runs beside the jobs, never holding up their claims.
 */
import { readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { formatBytes } from '@/lib/backup/backup-manifest';
import { backupsToDelete, isBackupDue, scheduledBackupName } from '@/lib/backup/backup-schedule';
import { setting } from '@/lib/config/settings';
import type { Db } from '@/lib/db/client';
import type { Database } from '@/lib/db/database';
import { tryBackupLock } from '@/lib/db/backups/backup-lock';
import {
  failInterruptedBackupRuns,
  lastScheduledBackups,
  markBackupFailed,
  markBackupSucceeded,
  startBackupRun,
} from '@/lib/db/backups/backup-runs';
import { isAppError } from '@/lib/errors/app-error';
import { logUnexpectedError } from '@/lib/errors/error-reference';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import { createBackup } from '@/lib/services/backups/create-backup';
import { ensurePrivateDir } from '@/lib/runtime/private-files';

export const BACKUP_CHECK_MS = 60_000;

export interface BackupSchedule {
  dir: string;
  everyMs: number;
  keep: number;
}

export function backupSchedule(env: NodeJS.ProcessEnv = process.env): BackupSchedule | null {
  const dir = setting('PARALENS_BACKUP_DIR', env);
  if (!dir) return null;
  return { dir: path.resolve(dir), everyMs: setting('PARALENS_BACKUP_EVERY', env), keep: setting('PARALENS_BACKUP_KEEP', env) };
}

export interface ScheduledBackupsOptions {
  /** the database to back up: the job supervisor's handle */
  db: Database;
  mode: 'embedded' | 'external';
  home: string;
  authSecret: string | undefined;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  now?: () => Date;
}

/** A failure in words for the admin page: the tool's or Paralens's own message, else a reference to the log. */
function describeBackupFailure(error: unknown): string {
  if (isAppError(error)) return error.message;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC') return 'the disk of PARALENS_BACKUP_DIR is full';
  if (code === 'EACCES' || code === 'EPERM') return 'Paralens may not write into PARALENS_BACKUP_DIR';
  return `an unexpected error (reference ${logUnexpectedError(error, 'scheduled backup')} in the server log)`;
}

/** Deletes partial archives a stopped backup left (only while holding the lock) and the archives beyond `keep`. */
async function rotate(schedule: BackupSchedule): Promise<string[]> {
  const names = await readdir(schedule.dir);
  const partial = names.filter((n) => /^paralens-\d{8}-\d{6}\.tar\.(dump\.)?partial$/.test(n));
  const old = backupsToDelete(names, schedule.keep);
  for (const name of [...partial, ...old]) await rm(path.join(schedule.dir, name), { force: true });
  return old;
}

/** Takes one scheduled backup if it is due and no other instance is taking it; returns what happened. */
export async function runScheduledBackup(
  schedule: BackupSchedule,
  options: ScheduledBackupsOptions,
): Promise<'not-due' | 'locked' | 'succeeded' | 'failed'> {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? console.log;
  const due = async () => {
    const { lastAttempt, lastSuccess } = await lastScheduledBackups(db);
    return isBackupDue(
      { lastSuccessAt: lastSuccess?.startedAt ?? null, lastAttemptAt: lastAttempt?.startedAt ?? null },
      schedule.everyMs,
      now(),
    );
  };
  if (!(await due())) return 'not-due';
  const lock = await tryBackupLock(db);
  if (!lock) return 'locked';
  try {
    await failInterruptedBackupRuns(db);
    // Another instance may have taken one between the first look and the lock.
    if (!(await due())) return 'not-due';
    await ensurePrivateDir(schedule.dir);
    const startedAt = now();
    const file = path.join(schedule.dir, scheduledBackupName(startedAt));
    const id = await startBackupRun(db, 'SCHEDULED', hostname(), file, startedAt);
    try {
      const result = await createBackup({
        db,
        mode: options.mode,
        out: file,
        home: options.home,
        modelsDir: resolveModelsDir(options.env),
        authSecret: options.authSecret,
        folderShown: 'the backups folder (PARALENS_BACKUP_DIR)',
        ...(options.env ? { env: options.env } : {}),
      });
      await markBackupSucceeded(db, id, { bytes: result.bytes, contents: result.contents });
      const removed = await rotate(schedule);
      log(
        `Backup: ${path.basename(file)}, ${formatBytes(result.bytes)} in ${result.seconds.toFixed(1)} s` +
          (removed.length > 0 ? `; removed ${removed.length} older backup(s)` : ''),
      );
      return 'succeeded';
    } catch (error) {
      const message = describeBackupFailure(error);
      await markBackupFailed(db, id, message);
      log(`Backup failed: ${message}`);
      return 'failed';
    }
  } finally {
    await lock.release();
  }
}

/** The housekeeping entry of the job supervisor: starts a due backup in the background, one at a time. */
export function scheduledBackups(options: ScheduledBackupsOptions): { everyMs: number; run: (db: Db) => Promise<void> } {
  let running: Promise<unknown> | null = null;
  return {
    everyMs: BACKUP_CHECK_MS,
    // on the handle it was given (the supervisor's), whose URL pg_dump needs
    run: () => {
      const schedule = backupSchedule(options.env);
      if (schedule && !running) {
        running = runScheduledBackup(schedule, options)
          .catch((error: unknown) => logUnexpectedError(error, 'scheduled backup'))
          .finally(() => (running = null));
      }
      return Promise.resolve();
    },
  };
}
