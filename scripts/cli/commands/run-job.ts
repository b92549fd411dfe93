/**
 * `paralens run-job <kind> <id>`: the inside of a background job process (lib/jobs/job-process.ts
 * starts it with a heap limit). Not meant to be typed: the job supervisor beside the web server
 * runs it for a job it has claimed. Opens its handle on DATABASE_URL, which the supervisor passes on
 * (openConfiguredDatabase, lib/db/database.ts), and hands the runner the handle.
 */
import { openConfiguredDatabase } from '@/lib/db/database';
import { JOB_PROCESS_HANDLE } from '@/lib/scaling/web-processes';
import { jobRunnerNamed, supervisedJobKinds } from '@/lib/jobs/job-runners';
import type { CliIo } from '../io';
import { isConnectionLost } from '@/lib/errors/failure-causes';
import { JOB_OUTCOME_PREFIX, RecordedFailure, UnrecordedFailure } from '@/lib/jobs/job-process';

/*
 * When PostgreSQL went away under the job and the job could not record it, the job hands what its
 * page should say (its kind's `connectionLost`, lib/jobs/job-runners.ts) to its supervisor
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
  const kind = jobRunnerNamed(name ?? '');
  if (!kind || !Number.isInteger(id) || id <= 0) {
    io.stderr.write(`Usage: paralens run-job ${supervisedJobKinds.map((k) => k.name).join('|')} <job id>\n`);
    return 2;
  }
  // Prisma's 10 and a pool of 4 (a model run's), both opened on first use: what the connection plan
  // counts for a job process (JOB_PROCESS_CONNECTIONS, lib/scaling/web-processes.ts).
  const db = openConfiguredDatabase(JOB_PROCESS_HANDLE);
  if (!db) {
    io.stderr.write('paralens run-job: DATABASE_URL is not set (the job supervisor passes it on).\n');
    return 2;
  }
  // The supervisor that owns the job went away (e.g. killed with SIGKILL): the job is its, so this
  // process ends too; the supervisor's successor fails or requeues the job (lib/jobs/orphans.ts).
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => process.exit(1));
  }
  try {
    const outcome = await kind.run(db, id);
    if ('handOver' in outcome) return handOver(io, outcome.handOver);
    io.stdout.write(`${outcome.line}\n`);
    return 0;
  } finally {
    await db.close().catch(() => {});
  }
}
