/**
 * When the app takes its next scheduled backup, which of its backups it deletes, and what the admin's
 * Backups page says about the last one. Pure: the scheduled job (lib/jobs/backup/scheduled-backups.ts)
 * passes in the rows and the folder's listing.
 */

/** The archives the app writes: paralens-20261128-093000.tar (UTC), so names sort by time. */
export const SCHEDULED_NAME = /^paralens-(\d{8})-(\d{6})\.tar$/;

export function scheduledBackupName(at: Date): string {
  const iso = at.toISOString();
  return `paralens-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}.tar`;
}

/** A failed attempt is tried again after this, or after the interval when that is shorter. */
export const RETRY_AFTER_FAILURE_MS = 60 * 60_000;

export interface LastAttempts {
  /** start of the last scheduled backup that succeeded */
  lastSuccessAt: Date | null;
  /** start of the last scheduled attempt, whatever its outcome */
  lastAttemptAt: Date | null;
}

/** Whether a scheduled backup is due at `now`. */
export function isBackupDue({ lastSuccessAt, lastAttemptAt }: LastAttempts, everyMs: number, now: Date): boolean {
  if (!lastSuccessAt || now.getTime() - lastSuccessAt.getTime() >= everyMs) {
    return !lastAttemptAt || now.getTime() - lastAttemptAt.getTime() >= Math.min(everyMs, RETRY_AFTER_FAILURE_MS);
  }
  return false;
}

/** The scheduled archives to delete so that the newest `keep` remain (names the app did not write are never touched). */
export function backupsToDelete(fileNames: readonly string[], keep: number): string[] {
  const ours = fileNames.filter((name) => SCHEDULED_NAME.test(name)).sort();
  return ours.slice(0, Math.max(0, ours.length - keep));
}

export interface BackupRunView {
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  startedAt: Date;
  finishedAt: Date | null;
  message: string | null;
}

export type BackupHealth = { level: 'off'; text: string } | { level: 'ok'; text: string } | { level: 'warning'; text: string };

/** What the admin page says about scheduled backups: nothing wrong, the last one failed, or the last is too old. */
export function backupHealth(
  schedule: { dir: string | undefined; everyMs: number },
  lastScheduled: BackupRunView | null,
  lastSuccess: BackupRunView | null,
  now: Date,
): BackupHealth {
  if (!schedule.dir) return { level: 'off', text: 'Scheduled backups are off: PARALENS_BACKUP_DIR is not set.' };
  if (lastScheduled?.status === 'FAILED') {
    return { level: 'warning', text: `The last scheduled backup failed: ${lastScheduled.message ?? 'no reason was recorded'}.` };
  }
  const limit = 2 * schedule.everyMs;
  if (!lastSuccess) {
    return lastScheduled
      ? { level: 'ok', text: 'The first scheduled backup is being taken.' }
      : { level: 'ok', text: 'No backup yet: the first is taken within a few minutes of start-up.' };
  }
  const age = now.getTime() - (lastSuccess.finishedAt ?? lastSuccess.startedAt).getTime();
  if (age > limit) {
    return {
      level: 'warning',
      text: `The last backup is ${formatAge(age)} old, more than twice the interval (${formatAge(schedule.everyMs)}).`,
    };
  }
  return { level: 'ok', text: `Backups are taken every ${formatAge(schedule.everyMs)}.` };
}

/** 45 s, 12 min, 5.5 h, 3.2 days. */
export function formatAge(ms: number): string {
  const s = ms / 1000;
  if (s < 90) return `${Math.round(s)} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 48 * 3600) return `${trim(s / 3600)} h`;
  return `${trim(s / 86400)} days`;
}

const trim = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1).replace(/\.0$/, ''));
