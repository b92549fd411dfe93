/**
 * `npm start`: opens the database (DATABASE_URL, or the embedded PostgreSQL with demo data),
 * builds the app when its sources changed, serves it on PORT (scripts/serve.ts, which finds each
 * request's client address; see docs/decisions/004) and prints the URL and demo logins.
 * Demo mode listens on loopback only. Ctrl-C stops the server and then PostgreSQL. Expected
 * failures print one line and exit 1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { constants as osConstants } from 'node:os';
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
import { createPrismaClient, type Db } from '@/lib/db/client';
import { expireImportFiles, importJobKind } from '@/lib/jobs/import-queue';
import { JobSupervisor } from '@/lib/jobs/job-supervisor';
import { scoringJobKind } from '@/lib/jobs/scoring-queue';
import { exportJobKind } from '@/lib/jobs/export-queue';
import { indexJobKind } from '@/lib/jobs/index-queue';
import { modelInstallJobKind } from '@/lib/jobs/model-install-queue';
import { miningJobKind } from '@/lib/jobs/mining/mining-queue';
import { modelRunJobKind } from '@/lib/jobs/model-raters/model-run-queue';
import { expireDumpUploadFiles } from '@/lib/jobs/mining/dump-uploads';
import { describeOrphanRecovery, ORPHAN_CHECK_MS, recoverOrphanedJobs } from '@/lib/jobs/orphans';
import { scheduledBackups } from '@/lib/jobs/backup/scheduled-backups';
import { recoverAtStartup } from '@/lib/jobs/startup-recovery';

/**
 * Runs queued jobs (web imports, scoring, exports, indexes, model installs, mining runs, model runs) in
 * processes of their own, beside the web server, and fails or requeues jobs whose owner is gone.
 */
function startJobSupervisor(db: Db, env: NodeJS.ProcessEnv, database: OpenedDatabase): JobSupervisor {
  const supervisor = new JobSupervisor(
    db,
    [importJobKind, scoringJobKind, indexJobKind, exportJobKind, modelInstallJobKind, miningJobKind, modelRunJobKind],
    {
      env,
      housekeeping: [
        { everyMs: 15 * 60_000, run: (d) => expireImportFiles(d).then(() => undefined) },
        { everyMs: 15 * 60_000, run: (d) => expireDumpUploadFiles(d).then(() => undefined) },
        {
          everyMs: ORPHAN_CHECK_MS,
          run: async (d) => describeOrphanRecovery(await recoverOrphanedJobs(d)).forEach((line) => console.log(line)),
        },
        // PARALENS_BACKUP_DIR: the app's own backups, taken beside the jobs (lib/jobs/backup/scheduled-backups.ts)
        scheduledBackups({ url: database.url, mode: database.mode, home: database.home, authSecret: database.authSecret, env }),
      ],
    },
  );
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

/** Whether the process has ended: with an exit code, or killed by a signal (then exitCode stays null). */
function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Asks the web server to stop and waits for it; after `graceMs` it is killed. */
async function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** The exit code of a launcher whose web server ended on its own: never 0, so a supervisor restarts it. */
function unexpectedExitCode(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null && code !== 0) return code;
  return signal ? 128 + (osConstants.signals[signal] ?? 0) : 1;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasExited(child))
      throw new StartupError(
        'the web server exited during start-up (see its output above).',
        'Fix the cause and run npm start again.',
      );
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new StartupError('the web server did not answer within 2 minutes.', 'See its output above.');
}

function printBanner(url: string, database: OpenedDatabase): void {
  console.log(formatBanner(url, database));
}

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

  const database = await openDatabase({ log: (line) => console.log(line) });
  const jobsDb = createPrismaClient(database.url);
  await recoverAtStartup(jobsDb);
  let child: ChildProcess | undefined;
  let supervisor: JobSupervisor | undefined;
  let stopping: Promise<void> | null = null;
  // One clean stop whatever asks for it (a signal, a second signal, the web server ending): jobs,
  // then the web server, then PostgreSQL. Each step is bounded, so the whole stays under 15 s.
  const shutdown = async (code: number): Promise<never> => {
    stopping ??= (async () => {
      await supervisor?.stop();
      await jobsDb.$disconnect().catch(() => undefined);
      if (child) await stopChild(child);
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
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      AUTH_SECRET: database.authSecret,
      AUTH_TRUST_HOST: 'true',
      PARALENS_HOME: database.home,
      PARALENS_DEMO: database.isDemo ? '1' : '0',
      NEXT_TELEMETRY_DISABLED: '1',
    };
    if (isBuildStale()) {
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
    const serveArgs = ['--import', 'tsx', serveScript, '--port', String(port), '--host', host];
    child = spawn(process.execPath, serveArgs, { cwd: projectRoot, stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(
        `paralens: the web server stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); stopping the jobs and the database.`,
      );
      void shutdown(unexpectedExitCode(code, signal));
    });
    const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
    await waitForHealth(url, child);
    supervisor = startJobSupervisor(jobsDb, env, database);
    printBanner(url, database);
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
