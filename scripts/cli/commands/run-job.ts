/**
 * `paralens run-job <kind> <id>`: the inside of a background job process (lib/jobs/job-process.ts
 * starts it with a heap limit). Not meant to be typed: the job supervisor beside the web server
 * runs it for a job it has claimed. Uses DATABASE_URL, which the supervisor passes on.
 */
import { openDatabaseHandle } from '@/lib/db/database';
import { runQueuedImport } from '@/lib/jobs/import-queue';
import { runQueuedScoring } from '@/lib/jobs/scoring-queue';
import { runQueuedExport } from '@/lib/jobs/export-queue';
import { runQueuedIndexJob } from '@/lib/jobs/index-queue';
import { runQueuedModelInstall } from '@/lib/jobs/model-install-queue';
import { runQueuedMining } from '@/lib/jobs/mining/mining-queue';
import { runQueuedModelRun } from '@/lib/jobs/model-raters/model-run-queue';
import type { CliIo } from '../io';
import { setting } from '@/lib/config/settings';
import { isConnectionLost } from '@/lib/errors/failure-causes';
import { JOB_OUTCOME_PREFIX, RecordedFailure, UnrecordedFailure } from '@/lib/jobs/job-process';

/**
 * What each kind's page says when PostgreSQL went away under the job and the job could not record
 * it: the job hands it to its supervisor (JOB_OUTCOME_PREFIX), which records it once the database is
 * back, and exits with 75 (EX_TEMPFAIL).
 */
const CONNECTION_LOST: Record<string, string> = {
  import:
    'The database connection was lost during the import: nothing of this file was imported. Upload the file again once PostgreSQL is running again.',
  export:
    'The database connection was lost during the export: nothing of it was kept. Run it again once PostgreSQL is running again.',
  score:
    'The database connection was lost during scoring: the pairs scored before are kept. “Complete the missing measures” continues after them once PostgreSQL is running again.',
  mine: 'The database connection was lost during the run: nothing was published, the chunks finished are kept. Resume continues where it stopped once PostgreSQL is running again.',
};

function handOver(io: CliIo, message: string): number {
  io.stderr.write(`${JOB_OUTCOME_PREFIX}${message.replace(/\n/g, ' ')}\n`);
  return 75;
}

export async function run(args: string[], io: CliIo): Promise<number> {
  try {
    return await runJob(args, io);
  } catch (error) {
    if (error instanceof RecordedFailure) {
      io.stdout.write(`failed: ${error.message}\n`);
      return 0;
    }
    if (error instanceof UnrecordedFailure) return handOver(io, error.message);
    if (!isConnectionLost(error)) throw error;
    const kind = args[0] ?? '';
    return handOver(
      io,
      CONNECTION_LOST[kind] ??
        'The database connection was lost during the job. Start it again once PostgreSQL is running again.',
    );
  }
}

async function runJob(args: string[], io: CliIo): Promise<number> {
  const [kind, idText] = args;
  const id = Number(idText);
  const url = setting('DATABASE_URL');
  if (
    (kind !== 'import' &&
      kind !== 'score' &&
      kind !== 'export' &&
      kind !== 'index' &&
      kind !== 'model-install' &&
      kind !== 'mine' &&
      kind !== 'judge') ||
    !Number.isInteger(id) ||
    id <= 0
  ) {
    io.stderr.write('Usage: paralens run-job import|score|export|index|model-install|mine|judge <job id>\n');
    return 2;
  }
  if (!url) {
    io.stderr.write('paralens run-job: DATABASE_URL is not set (the job supervisor passes it on).\n');
    return 2;
  }
  // The supervisor that owns the job went away (e.g. killed with SIGKILL): the job is its, so this
  // process ends too; the supervisor's successor fails or requeues the job (lib/jobs/orphans.ts).
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => process.exit(1));
  }
  const db = openDatabaseHandle(url);
  try {
    if (kind === 'score') {
      const report = await runQueuedScoring(db, id);
      if (report?.recorded === false) return handOver(io, report.message);
      io.stdout.write(
        report ? `${report.status.toLowerCase()}: ${report.message}\n` : 'nothing to run: the job is not running any more\n',
      );
      return 0;
    }
    if (kind === 'export') {
      const result = await runQueuedExport(db, url, id);
      io.stdout.write(
        result
          ? `${result.status.toLowerCase()}: ${result.rows} rows in ${result.seconds.toFixed(1)} s\n`
          : 'nothing to run: the job is not running any more\n',
      );
      return 0;
    }
    if (kind === 'index') {
      const built = await runQueuedIndexJob(db, url, id);
      io.stdout.write(built === null ? 'nothing to run: the job is not running any more\n' : `${built} explorer indexes ready\n`);
      return 0;
    }
    if (kind === 'model-install') {
      const outcome = await runQueuedModelInstall(db, id);
      io.stdout.write(
        outcome ? `${outcome.status.toLowerCase()}: ${outcome.message}\n` : 'nothing to run: the job is not running any more\n',
      );
      return 0;
    }
    if (kind === 'judge') {
      const outcome = await runQueuedModelRun(db, url, id);
      io.stdout.write(
        outcome ? `${outcome.status.toLowerCase()}: ${outcome.message}\n` : 'nothing to run: the run is not running any more\n',
      );
      return 0;
    }
    if (kind === 'mine') {
      const report = await runQueuedMining(db, url, id);
      if (report?.recorded === false && report.message) return handOver(io, report.message);
      io.stdout.write(
        report
          ? `${report.status.toLowerCase()}${report.message ? `: ${report.message}` : ''} in ${report.seconds.total.toFixed(1)} s\n`
          : 'nothing to run: the run is not running any more\n',
      );
      return 0;
    }
    const report = await runQueuedImport(db, url, id);
    if (report?.recorded === false && report.message) return handOver(io, report.message);
    io.stdout.write(
      report
        ? `${report.status.toLowerCase()}: ${report.imported} imported, ${report.rejected} rejected in ${report.seconds.toFixed(1)} s\n`
        : 'nothing to run: the job is not running any more\n',
    );
    return 0;
  } finally {
    await db.close().catch(() => {});
  }
}
