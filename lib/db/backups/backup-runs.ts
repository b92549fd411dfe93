/**
 * The backup history: a row per backup taken by the app or by `paralens backup`, started RUNNING and
 * ended SUCCEEDED or FAILED by the one function each; what the admin's Backups page reads.
 */
import type { Db } from '@/lib/db/client';
import type { BackupContents } from '@/lib/backup/backup-manifest';

export type BackupTriggerName = 'SCHEDULED' | 'COMMAND';

export interface BackupRunDto {
  id: number;
  trigger: BackupTriggerName;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  file: string | null;
  bytes: number | null;
  contents: BackupContents | null;
  message: string | null;
  host: string;
  startedAt: Date;
  finishedAt: Date | null;
}

const select = {
  id: true,
  trigger: true,
  status: true,
  file: true,
  bytes: true,
  contents: true,
  message: true,
  host: true,
  startedAt: true,
  finishedAt: true,
} as const;

type Row = { status: string; bytes: bigint | null; contents: unknown } & Omit<BackupRunDto, 'status' | 'bytes' | 'contents'>;

function toDto(row: Row): BackupRunDto {
  return {
    ...row,
    status: row.status === 'RUNNING' || row.status === 'SUCCEEDED' ? row.status : 'FAILED',
    bytes: row.bytes === null ? null : Number(row.bytes),
    contents: (row.contents as BackupContents | null) ?? null,
  };
}

export async function startBackupRun(
  db: Db,
  trigger: BackupTriggerName,
  host: string,
  file: string,
  startedAt = new Date(),
): Promise<number> {
  const row = await db.backupRun.create({ data: { trigger, host, file, startedAt }, select: { id: true } });
  return row.id;
}

export async function markBackupSucceeded(
  db: Db,
  id: number,
  result: { bytes: number; contents: BackupContents },
): Promise<void> {
  await db.backupRun.updateMany({
    where: { id, status: 'RUNNING' },
    data: { status: 'SUCCEEDED', bytes: BigInt(result.bytes), contents: result.contents, finishedAt: new Date() },
  });
}

export async function markBackupFailed(db: Db, id: number, message: string): Promise<void> {
  await db.backupRun.updateMany({
    where: { id, status: 'RUNNING' },
    data: { status: 'FAILED', message, finishedAt: new Date() },
  });
}

/** Scheduled backups left RUNNING by a process that stopped: called while holding the backup lock, so none is really running. */
export async function failInterruptedBackupRuns(db: Db): Promise<number> {
  const { count } = await db.backupRun.updateMany({
    where: { trigger: 'SCHEDULED', status: 'RUNNING' },
    data: { status: 'FAILED', message: 'Paralens stopped during the backup', finishedAt: new Date() },
  });
  return count;
}

export async function listBackupRuns(db: Db, limit = 20): Promise<BackupRunDto[]> {
  const rows = await db.backupRun.findMany({ orderBy: { startedAt: 'desc' }, take: limit, select });
  return rows.map(toDto);
}

/** The last scheduled attempt and the last scheduled success (for when the next one is due and the page's warning). */
export async function lastScheduledBackups(
  db: Db,
): Promise<{ lastAttempt: BackupRunDto | null; lastSuccess: BackupRunDto | null }> {
  const [attempt, success] = await Promise.all([
    db.backupRun.findFirst({ where: { trigger: 'SCHEDULED' }, orderBy: { startedAt: 'desc' }, select }),
    db.backupRun.findFirst({ where: { trigger: 'SCHEDULED', status: 'SUCCEEDED' }, orderBy: { startedAt: 'desc' }, select }),
  ]);
  return { lastAttempt: attempt ? toDto(attempt) : null, lastSuccess: success ? toDto(success) : null };
}
