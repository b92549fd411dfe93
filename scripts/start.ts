/**
 * `npm start`: opens the database (DATABASE_URL, or the embedded PostgreSQL with demo data),
 * builds the app when its sources changed, serves it on PORT (scripts/serve.ts, which finds each
 * request's client address; see docs/decisions/004) in PARALENS_WEB_PROCESSES processes
 * (scripts/lib/web-process-cluster.ts, docs/decisions/013) and prints the URL and demo logins. Migrations
 * and the recovery after a stop run under the start-up lock, one instance of a database at a time.
 * Demo mode listens on loopback only. Ctrl-C stops the server and then PostgreSQL. Expected
 * failures print one line and exit 1.
 * `--dev` (`npm run dev`): the same, but one web process running Next.js's development server (no
 * build; pages compile when first asked for and an edited file reloads in the browser).
 */
import { availableParallelism, constants as osConstants, hostname } from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from '@/lib/runtime/bootstrap';
import { isPortFree } from '@/lib/runtime/ports';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { StartupError } from '@/lib/runtime/startup-error';
import { demoHostProblem } from '@/lib/runtime/demo';
import { configProblems, setting } from '@/lib/config/settings';
import { isBuildStale } from './lib/build-freshness';
import { buildApp, formatDuration } from './lib/build-app';
import { formatBanner } from './lib/banner';
import { WebProcesses } from './lib/web-process-cluster';
import { openDatabaseHandle, type Database } from '@/lib/db/database';
import { readConnectionLimit } from '@/lib/db/instances/connection-limit';
import { describeConnectionPlan, planConnections, resolveWebProcesses, SUPERVISOR_HANDLE } from '@/lib/scaling/web-processes';
import { expireImportFiles } from '@/lib/jobs/import-queue';
import { JobSupervisor } from '@/lib/jobs/job-supervisor';
import { supervisedJobKinds } from '@/lib/jobs/job-runners';
import { expireDumpUploadFiles } from '@/lib/services/mining/upload-dump';
import { describeOrphanRecovery, ORPHAN_CHECK_MS, recoverOrphanedJobs } from '@/lib/jobs/orphans';
import { scheduledBackups } from '@/lib/jobs/backup/scheduled-backups';
import { recoverAtStartup } from '@/lib/jobs/startup-recovery';
import { describeFilesFolder } from '@/lib/runtime/files-folder';
import { filesFolderStatus } from '@/lib/runtime/files-folder-status';

/**
 * Runs queued jobs (web imports, scoring, exports, indexes, model installs, mining runs, model runs) in
 * processes of their own, beside the web server, and fails or requeues jobs whose owner is gone.
 */
function startJobSupervisor(db: Database, env: NodeJS.ProcessEnv, database: OpenedDatabase): JobSupervisor {
  const supervisor = new JobSupervisor(db, supervisedJobKinds, {
    env,
    housekeeping: [
      { everyMs: 15 * 60_000, run: (d) => expireImportFiles(d).then(() => undefined) },
      { everyMs: 15 * 60_000, run: (d) => expireDumpUploadFiles(d).then(() => undefined) },
      {
        everyMs: ORPHAN_CHECK_MS,
        run: async (d) => describeOrphanRecovery(await recoverOrphanedJobs(d)).forEach((line) => console.log(line)),
      },
      // PARALENS_BACKUP_DIR: the app's own backups, taken beside the jobs (lib/jobs/backup/scheduled-backups.ts)
      scheduledBackups({ db, mode: database.mode, home: database.home, authSecret: database.authSecret, env }),
    ],
  });
  supervisor.start();
  return supervisor;
}

const nextBin = path.join(projectRoot, 'node_modules', 'next', 'dist', 'bin', 'next');
const serveScript = path.join(projectRoot, 'scripts', 'serve.ts');

/** Every variable checked before anything starts (lib/config/settings.ts): the first bad one stops the launcher. */
function checkConfiguration(): void {
  const [problem] = configProblems(process.env);
  if (problem) throw new StartupError(problem.message, problem.hint);
}

/** The exit code of a launcher whose web server ended on its own: never 0, so a supervisor restarts it. */
function unexpectedExitCode(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null && code !== 0) return code;
  return signal ? 128 + (osConstants.signals[signal] ?? 0) : 1;
}

async function waitForHealth(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new StartupError('the web server did not answer within 2 minutes.', 'See its output above.');
}

/**
 * The pool sizes each web process gets, cut so that all of them, the job supervisor and its jobs
 * stay under the server's max_connections (lib/scaling/web-processes.ts); said at start-up when
 * there are several web processes or the pools were cut.
 */
async function sizePools(url: string, processes: number): Promise<{ prismaPool: number; sqlPool: number }> {
  const limit = await readConnectionLimit(url);
  const input = {
    ...limit,
    processes,
    prismaPool: setting('PARALENS_DB_POOL_SIZE'),
    sqlPool: setting('PARALENS_SQL_POOL_SIZE'),
    jobConcurrency: setting('PARALENS_JOB_CONCURRENCY'),
  };
  const plan = planConnections(input);
  if (!plan.ok) throw new StartupError(plan.problem, plan.hint);
  if (processes > 1 || plan.isReduced) console.log(describeConnectionPlan(plan, input));
  return plan;
}

/**
 * The files folder's check (lib/runtime/files-folder.ts), said at start-up: with PARALENS_SHARED_DIR
 * always, without it only when PARALENS_HOME fails. A failing folder does not stop the launcher: the
 * instance serves everything but files, and its job supervisor claims no file jobs.
 */
async function reportFilesFolder(db: Database): Promise<void> {
  const state = await filesFolderStatus(db);
  if (!state.ok) console.error(describeFilesFolder(state));
  else if (state.shared) console.log(describeFilesFolder(state));
}

function printBanner(url: string, database: OpenedDatabase): void {
  console.log(formatBanner(url, database));
}

const isDev = process.argv.includes('--dev');

async function main(): Promise<void> {
  checkConfiguration();
  const port = setting('PORT');
  const isEmbedded = !setting('DATABASE_URL');
  const host = setting('HOST') ?? (isEmbedded ? '127.0.0.1' : '0.0.0.0');
  const demoProblem = isEmbedded ? demoHostProblem(host) : null;
  if (demoProblem) throw new StartupError(demoProblem.cause, demoProblem.hint);
  if (!(await isPortFree(port, host))) {
    throw new StartupError(`port ${port} on ${host} is already in use.`, 'Stop what uses it or set PORT to another port.');
  }

  const processes = isDev ? 1 : resolveWebProcesses(setting('PARALENS_WEB_PROCESSES'), availableParallelism());
  let jobsDb: Database | undefined;
  // Migrations (in openDatabase) and the recovery run under the start-up lock: one instance at a time.
  const database = await openDatabase({
    log: (line) => console.log(line),
    atStartup: async (url) => {
      jobsDb = openDatabaseHandle(url, SUPERVISOR_HANDLE);
      await reportFilesFolder(jobsDb);
      await recoverAtStartup(jobsDb);
    },
  });
  let web: WebProcesses | undefined;
  let supervisor: JobSupervisor | undefined;
  let stopping: Promise<void> | null = null;
  // One clean stop whatever asks for it (a signal, a second signal, the web server ending): jobs,
  // then the web processes, then PostgreSQL. Each step is bounded, so the whole stays under 15 s.
  const shutdown = async (code: number): Promise<never> => {
    web?.stopReplacing();
    stopping ??= (async () => {
      await supervisor?.stop();
      await jobsDb?.close().catch(() => undefined);
      await web?.stop();
      await database.stop();
      if (database.mode === 'embedded') console.log('Stopped the web server and PostgreSQL.');
    })();
    try {
      await stopping;
    } catch (error) {
      console.error('paralens: stopping did not finish cleanly:', error);
      process.exit(code === 0 ? 1 : code);
    }
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    if (!database.authSecret) {
      throw new StartupError(
        'AUTH_SECRET is not set.',
        'With DATABASE_URL, set AUTH_SECRET to a long random string (e.g. `openssl rand -base64 32`).',
      );
    }
    const pools = await sizePools(database.url, processes);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: isDev ? 'development' : 'production',
      DATABASE_URL: database.url,
      AUTH_SECRET: database.authSecret,
      AUTH_TRUST_HOST: 'true',
      PARALENS_HOME: database.home,
      PARALENS_DEMO: database.isDemo ? '1' : '0',
      PARALENS_INSTANCE: setting('PARALENS_INSTANCE') ?? `${hostname()}:${port}`,
      PARALENS_DB_POOL_SIZE: String(pools.prismaPool),
      PARALENS_SQL_POOL_SIZE: String(pools.sqlPool),
      NEXT_TELEMETRY_DISABLED: '1',
    };
    if (!isDev && isBuildStale()) {
      console.log('Building the app (next build: 2 to 4 minutes on 2 cores, only when the sources changed) …');
      const build = await buildApp({ nextBin, cwd: projectRoot, env, logDir: path.join(database.home, 'logs') });
      const relative = path.relative(process.cwd(), build.logFile);
      const where = relative && !relative.startsWith('..') ? relative : build.logFile;
      if (!build.ok) {
        console.error(build.tail.join('\n'));
        throw new StartupError(
          `the build failed (its last lines are above; all of it: ${where}).`,
          'Fix the error and run npm start again.',
        );
      }
      const warnings = build.warnings > 0 ? `, ${build.warnings} warning${build.warnings === 1 ? '' : 's'}` : '';
      console.log(`Built the app in ${formatDuration(build.seconds)}${warnings}; the build's output: ${where}`);
    }
    web = new WebProcesses({
      count: processes,
      script: serveScript,
      args: ['--port', String(port), '--host', host, ...(isDev ? ['--dev'] : [])],
      env,
      log: (line) => console.error(line),
      onFatal: (code, signal, reason) => {
        if (stopping) return;
        console.error(`paralens: ${reason}; stopping the jobs and the database.`);
        void shutdown(unexpectedExitCode(code, signal));
      },
    });
    await web.start().catch((error: unknown) => {
      throw new StartupError(
        `${error instanceof Error ? error.message : String(error)} (see its output above).`,
        'Fix the cause and run npm start again.',
      );
    });
    const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
    await waitForHealth(url);
    web.markServing();
    supervisor = startJobSupervisor(jobsDb!, env, database);
    if (processes > 1) console.log(`Serving with ${processes} web processes (${web.pids().join(', ')}) and one job supervisor.`);
    printBanner(url, database);
    if (isDev) console.log('Development server: pages compile when first opened; saved edits reload in the browser.\n');
  } catch (error) {
    reportError(error);
    await shutdown(1);
  }
}

function reportError(error: unknown): void {
  if (error instanceof StartupError) console.error(`paralens: ${error.message}`);
  else console.error('paralens: unexpected error:', error);
}

main().catch((error: unknown) => {
  reportError(error);
  process.exit(1);
});
