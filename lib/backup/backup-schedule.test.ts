import { describe, expect, it } from 'vitest';
import { setting } from '@/lib/config/settings';
import { backupHealth, backupsToDelete, formatAge, isBackupDue, scheduledBackupName, SCHEDULED_NAME } from './backup-schedule';

const H = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 10, 28) + hours * H);

describe('scheduled backups', () => {
  it('names archives by UTC time so that they sort by time', () => {
    expect(scheduledBackupName(new Date(Date.UTC(2026, 10, 28, 9, 3, 7)))).toBe('paralens-20261128-090307.tar');
    expect(SCHEDULED_NAME.test('paralens-20261128-090307.tar')).toBe(true);
  });

  it('is due after the interval, and after a failure again an hour later (or the interval, when shorter)', () => {
    expect(isBackupDue({ lastSuccessAt: null, lastAttemptAt: null }, 24 * H, at(0))).toBe(true);
    expect(isBackupDue({ lastSuccessAt: at(0), lastAttemptAt: at(0) }, 24 * H, at(23.9))).toBe(false);
    expect(isBackupDue({ lastSuccessAt: at(0), lastAttemptAt: at(0) }, 24 * H, at(24))).toBe(true);
    // the attempt at 24 h failed: not again at once, but an hour later
    expect(isBackupDue({ lastSuccessAt: at(0), lastAttemptAt: at(24) }, 24 * H, at(24.5))).toBe(false);
    expect(isBackupDue({ lastSuccessAt: at(0), lastAttemptAt: at(24) }, 24 * H, at(25))).toBe(true);
    expect(isBackupDue({ lastSuccessAt: null, lastAttemptAt: at(0) }, 0.25 * H, at(0.25))).toBe(true);
  });

  it('deletes the oldest of its own archives beyond `keep`, never other files', () => {
    const names = [
      'paralens-20261125-000000.tar',
      'paralens-20261127-000000.tar',
      'notes.txt',
      'paralens-20261126-000000.tar',
      'paralens-manual.tar',
      'paralens-20261128-000000.tar',
    ];
    expect(backupsToDelete(names, 2)).toEqual(['paralens-20261125-000000.tar', 'paralens-20261126-000000.tar']);
    expect(backupsToDelete(names, 7)).toEqual([]);
  });

  it('warns when the last scheduled backup failed or the last success is older than twice the interval', () => {
    const schedule = { dir: '/backups', everyMs: 24 * H };
    const ok = { status: 'SUCCEEDED' as const, startedAt: at(0), finishedAt: at(0.1), message: null };
    const failed = { status: 'FAILED' as const, startedAt: at(24), finishedAt: at(24.1), message: 'pg_dump failed: disk full' };
    expect(backupHealth({ dir: undefined, everyMs: 24 * H }, null, null, at(0))).toMatchObject({ level: 'off' });
    expect(backupHealth(schedule, ok, ok, at(30))).toMatchObject({ level: 'ok' });
    expect(backupHealth(schedule, failed, ok, at(25))).toEqual({
      level: 'warning',
      text: 'The last scheduled backup failed: pg_dump failed: disk full.',
    });
    expect(backupHealth(schedule, ok, ok, at(48))).toMatchObject({ level: 'ok' });
    expect(backupHealth(schedule, ok, ok, at(48.2))).toEqual({
      level: 'warning',
      text: 'The last backup is 2 days old, more than twice the interval (24 h).',
    });
    expect(backupHealth(schedule, null, null, at(0))).toMatchObject({
      level: 'ok',
      text: expect.stringMatching(/No backup yet/) as unknown,
    });
  });

  it('says ages as people read them', () => {
    expect([45_000, 12 * 60_000, 5.5 * H, 30 * H, 80 * H].map(formatAge)).toEqual([
      '45 s',
      '12 min',
      '5.5 h',
      '30 h',
      '3.3 days',
    ]);
  });
});

describe('PARALENS_BACKUP_EVERY', () => {
  it('takes a number and a unit, at least 5 minutes, and names itself when it cannot', () => {
    expect(setting('PARALENS_BACKUP_EVERY', {})).toBe(24 * H);
    expect(setting('PARALENS_BACKUP_EVERY', { PARALENS_BACKUP_EVERY: '6h' })).toBe(6 * H);
    expect(setting('PARALENS_BACKUP_EVERY', { PARALENS_BACKUP_EVERY: '30m' })).toBe(0.5 * H);
    expect(setting('PARALENS_BACKUP_EVERY', { PARALENS_BACKUP_EVERY: '7d' })).toBe(168 * H);
    expect(() => setting('PARALENS_BACKUP_EVERY', { PARALENS_BACKUP_EVERY: '24' })).toThrow(
      'PARALENS_BACKUP_EVERY=24 must be a number and a unit: 30m, 6h, 24h or 7d.',
    );
    expect(() => setting('PARALENS_BACKUP_EVERY', { PARALENS_BACKUP_EVERY: '1m' })).toThrow(/must be at least 5m/);
    expect(setting('PARALENS_BACKUP_KEEP', {})).toBe(7);
  });
});
