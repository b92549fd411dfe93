/**
 * What runs each job kind, declared once (docs/decisions/017-one-job-module.md): the supervisor's
 * claim and failure hooks (the kind's queue module), the runner `paralens run-job` calls in the job's
 * process, what the job says when PostgreSQL went away under it, and how jobs whose owner is gone
 * are recovered (lib/jobs/orphans.ts). Keyed by the names of lib/api/contracts/jobs.ts, so a kind
 * missing here is a type error; its web half (table, cancel, dismissal) is lib/services/jobs/job-kinds.ts.
 * The supervisor claims in this order.
 */
import type { JobKindName } from '@/lib/api/contracts/jobs';
import type { Db } from '@/lib/db/client';
import type { Database } from '@/lib/db/database';
import { failInterruptedModelInstalls } from '@/lib/db/jobs/model-install-jobs';
import { requeueInterruptedIndexJobs } from '@/lib/db/jobs/index-jobs';
import { requeueInterruptedScoring } from '@/lib/db/jobs/scoring-jobs';
import { failInterruptedMiningRuns } from '@/lib/db/mining/mining-runs';
import { requeueInterruptedModelRuns } from '@/lib/db/model-raters/model-runs';
import { exportJobKind, failOrphanedExports, runQueuedExport } from './export-queue';
import { failOrphanedImports, importJobKind, runQueuedImport } from './import-queue';
import { indexJobKind, runQueuedIndexJob } from './index-queue';
import type { JobKind } from './job-supervisor';
import { miningJobKind, runQueuedMining } from './mining/mining-queue';
import { modelInstallJobKind, runQueuedModelInstall } from './model-install-queue';
import { modelRunJobKind, runQueuedModelRun } from './model-raters/model-run-queue';
import { runQueuedScoring, scoringJobKind } from './scoring-queue';

/** What a job process prints (`line`), or the outcome it could not record and hands to its supervisor. */
export type JobRunOutcome = { line: string } | { handOver: string };

export interface RunnableJobKind extends JobKind {
  /** runs a claimed job in this (job) process on its handle: `paralens run-job <name> <id>` */
  run(db: Database, id: number): Promise<JobRunOutcome>;
  /** what the job's page says when the database went away under the job and it could not record that */
  connectionLost?: string;
  /** jobs whose owner is gone: ended or queued again (the caller prunes gone owners first); `line` for the server log */
  orphans: { key: string; recover(db: Db, env: NodeJS.ProcessEnv): Promise<number>; line(count: number): string };
}

const notRunning = (what = 'job') => ({ line: `nothing to run: the ${what} is not running any more` });
const outcomeLine = (o: { status: string; message: string }) => ({ line: `${o.status.toLowerCase()}: ${o.message}` });

export const jobRunners: Record<JobKindName, RunnableJobKind> = {
  import: {
    ...importJobKind,
    async run(db, id) {
      const report = await runQueuedImport(db, id);
      if (report?.recorded === false && report.message) return { handOver: report.message };
      if (!report) return notRunning();
      const { status, imported, rejected, seconds } = report;
      return { line: `${status.toLowerCase()}: ${imported} imported, ${rejected} rejected in ${seconds.toFixed(1)} s` };
    },
    connectionLost:
      'The database connection was lost during the import: nothing of this file was imported. Upload the file again once PostgreSQL is running again.',
    orphans: {
      key: 'imports',
      recover: (db, env) => failOrphanedImports(db, env),
      line: (n) => `Marked ${n} interrupted import(s) as failed; nothing of them was imported.`,
    },
  },
  scoring: {
    ...scoringJobKind,
    async run(db, id) {
      const report = await runQueuedScoring(db, id);
      if (report?.recorded === false) return { handOver: report.message };
      return report ? outcomeLine(report) : notRunning();
    },
    connectionLost:
      'The database connection was lost during scoring: the pairs scored before are kept. “Complete the missing measures” continues after them once PostgreSQL is running again.',
    orphans: {
      key: 'scoring',
      recover: (db) => requeueInterruptedScoring(db),
      line: (n) => `Queued ${n} interrupted scoring job(s) again; they continue where they stopped.`,
    },
  },
  index: {
    ...indexJobKind,
    async run(db, id) {
      const built = await runQueuedIndexJob(db, id);
      return built === null ? notRunning() : { line: `${built} explorer indexes ready` };
    },
    orphans: {
      key: 'index',
      recover: (db) => requeueInterruptedIndexJobs(db),
      line: (n) => `Queued ${n} interrupted index job(s) again.`,
    },
  },
  export: {
    ...exportJobKind,
    async run(db, id) {
      const result = await runQueuedExport(db, id);
      if (!result) return notRunning();
      return { line: `${result.status.toLowerCase()}: ${result.rows} rows in ${result.seconds.toFixed(1)} s` };
    },
    connectionLost:
      'The database connection was lost during the export: nothing of it was kept. Run it again once PostgreSQL is running again.',
    orphans: {
      key: 'exports',
      recover: (db, env) => failOrphanedExports(db, env),
      line: (n) => `Marked ${n} interrupted export(s) as failed; they can be run again from /exports.`,
    },
  },
  'model-install': {
    ...modelInstallJobKind,
    async run(db, id) {
      const outcome = await runQueuedModelInstall(db, id);
      return outcome ? outcomeLine(outcome) : notRunning();
    },
    orphans: {
      key: 'modelInstalls',
      recover: (db) => failInterruptedModelInstalls(db),
      line: (n) => `Marked ${n} interrupted model install(s) as failed; an admin can start them again on /admin/models.`,
    },
  },
  'mining-run': {
    ...miningJobKind,
    async run(db, id) {
      const report = await runQueuedMining(db, id);
      if (report?.recorded === false && report.message) return { handOver: report.message };
      if (!report) return notRunning('run');
      const said = report.message ? `: ${report.message}` : '';
      return { line: `${report.status.toLowerCase()}${said} in ${report.seconds.total.toFixed(1)} s` };
    },
    connectionLost:
      'The database connection was lost during the run: nothing was published, the chunks finished are kept. Resume continues where it stopped once PostgreSQL is running again.',
    orphans: {
      key: 'mining',
      recover: (db) => failInterruptedMiningRuns(db),
      line: (n) =>
        `Marked ${n} interrupted mining run(s) as failed; Resume on the Mining page or the same paralens mine command continues them.`,
    },
  },
  'model-run': {
    ...modelRunJobKind,
    async run(db, id) {
      const outcome = await runQueuedModelRun(db, id);
      return outcome ? outcomeLine(outcome) : notRunning('run');
    },
    orphans: {
      key: 'modelRuns',
      recover: (db) => requeueInterruptedModelRuns(db),
      line: (n) => `Queued ${n} interrupted model run(s) again; they continue without asking again what they recorded.`,
    },
  },
};

/** Every kind, in the order the supervisor claims them. */
export const supervisedJobKinds: readonly RunnableJobKind[] = Object.values(jobRunners);

/** The kind a job process runs, by its process name (`paralens run-job score 12`); undefined for none. */
export function jobRunnerNamed(name: string): RunnableJobKind | undefined {
  return supervisedJobKinds.find((kind) => kind.name === name);
}
