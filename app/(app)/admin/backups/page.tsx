import type { Metadata } from 'next';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { lastScheduledBackups, listBackupRuns } from '@/lib/db/backups/backup-runs';
import { backupHealth, formatAge } from '@/lib/backup/backup-schedule';
import { describeBackupContents, formatBytes } from '@/lib/backup/backup-manifest';
import { backupSchedule } from '@/lib/jobs/backup/scheduled-backups';
import { PageHeader } from '@/components/ui/page-header';
import { BackupTable } from '@/components/admin/backup-table';
import { LastBackupFacts, PathText } from '@/components/admin/last-backup-facts';

export const metadata: Metadata = { title: 'Backups' };
export const dynamic = 'force-dynamic';

/** The last backups (the app's scheduled ones and `paralens backup`'s), the schedule, and a warning when it is not kept. */
export default async function BackupsPage() {
  await requireArea('admin');
  const db = database();
  const [runs, { lastAttempt, lastSuccess }] = await Promise.all([listBackupRuns(db, 20), lastScheduledBackups(db)]);
  const schedule = backupSchedule();
  const now = new Date();
  const health = backupHealth({ dir: schedule?.dir, everyMs: schedule?.everyMs ?? 0 }, lastAttempt, lastSuccess, now);
  const last = runs.find((r) => r.status === 'SUCCEEDED') ?? null;
  return (
    <>
      <PageHeader
        title="Backups"
        description={
          <>
            Backups of the whole database: taken by the app into <code>PARALENS_BACKUP_DIR</code>, or with{' '}
            <code>npx paralens backup</code>. Restore one with <code>npx paralens restore FILE</code>.
          </>
        }
      />
      {health.level === 'warning' ? (
        <p role="alert" className="alert warning">
          {health.text}
        </p>
      ) : (
        <p className="muted">{health.text}</p>
      )}
      <section className="card stack" aria-label="Last backup">
        <h2>Last backup</h2>
        {last ? (
          <LastBackupFacts
            last={{
              taken: `${last.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
              age: formatAge(now.getTime() - last.startedAt.getTime()),
              by: `${last.trigger === 'SCHEDULED' ? 'by the app' : 'with paralens backup'} on ${last.host}`,
              size: last.bytes === null ? 'unknown' : formatBytes(last.bytes),
              holds: last.contents ? describeBackupContents(last.contents) : 'unknown',
              file: last.file,
            }}
          />
        ) : (
          <p>No backup has been taken yet.</p>
        )}
      </section>
      <section className="card stack" aria-label="Schedule">
        <h2>Schedule</h2>
        {schedule ? (
          <p>
            Every {formatAge(schedule.everyMs)} into <PathText path={schedule.dir} />, keeping the newest {schedule.keep}.
          </p>
        ) : (
          <p>
            Off. Set <code>PARALENS_BACKUP_DIR</code> (and <code>PARALENS_BACKUP_EVERY</code>, <code>PARALENS_BACKUP_KEEP</code>)
            and restart Paralens to have it take backups itself.
          </p>
        )}
      </section>
      <section className="stack" aria-label="Recent backups">
        <h2>Recent backups</h2>
        <BackupTable
          runs={runs.map((r) => ({
            id: r.id,
            trigger: r.trigger,
            status: r.status,
            bytes: r.bytes,
            host: r.host,
            message: r.message,
            holds: r.contents
              ? `${r.contents.corpora} corpora, ${r.contents.pairs.toLocaleString('en')} pairs, ${r.contents.answers.toLocaleString('en')} answers`
              : null,
            startedAt: r.startedAt.toISOString(),
            seconds: r.finishedAt ? (r.finishedAt.getTime() - r.startedAt.getTime()) / 1000 : null,
          }))}
        />
      </section>
    </>
  );
}
