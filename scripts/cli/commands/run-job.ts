/**
 * `paralens run-job <kind> <id>`: the inside of a background job process (lib/jobs/job-process.ts
 * starts it with a heap limit). Not meant to be typed: the job supervisor beside the web server
 * runs it for a job it has claimed. Uses DATABASE_URL, which the supervisor passes on.
 */
import { openDatabaseHandle } from '@/lib/db/database';
import { jobRunnerNamed, supervisedJobKinds } from '@/lib/jobs/job-kinds';
import type { CliIo } from '../io';
import { setting } from '@/lib/config/settings';
import { isConnectionLost } from '@/lib/errors/failure-causes';
import { JOB_OUTCOME_PREFIX, RecordedFailure, UnrecordedFailure } from '@/lib/jobs/job-process';

/*
 * When PostgreSQL went away under the job and the job could not record it, the job hands what its
 * page should say (its kind's `connectionLost`, lib/jobs/job-kinds.ts) to its supervisor
 * (JOB_OUTCOME_PREFIX), which records it once the database is back, and exits with 75 (EX_TEMPFAIL).
 */

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
      jobRunnerNamed(kind)?.connectionLost ??
        'The database connection was lost during the job. Start it again once PostgreSQL is running again.',
    );
  }
}

async function runJob(args: string[], io: CliIo): Promise<number> {
  const [name, idText] = args;
  const id = Number(idText);
  const url = setting('DATABASE_URL');
  const kind = jobRunnerNamed(name ?? '');
  if (!kind || !Number.isInteger(id) || id <= 0) {
    io.stderr.write(`Usage: paralens run-job ${supervisedJobKinds.map((k) => k.name).join('|')} <job id>\n`);
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
    const outcome = await kind.run(db, url, id);
    if ('handOver' in outcome) return handOver(io, outcome.handOver);
    io.stdout.write(`${outcome.line}\n`);
    return 0;
  } finally {
    await db.close().catch(() => {});
  }
}
