/**
 * `npm run e2e -- <spec or Playwright options>`: end-to-end tests against a web server that stays up
 * between runs. The first run starts `npm start` in the background on PARALENS_E2E_KEPT_PORT, with a home of
 * its own kept in the system's temporary folder (embedded PostgreSQL, demo data, the e2e dumps folder,
 * model run #1 made by the global set-up once) and leaves it running; later runs reuse it, so one spec
 * starts in seconds. The server is restarted (and the app rebuilt) when the sources changed since it
 * started. `npm run e2e -- --stop` stops it. `npm test` does not use it: its e2e step boots a fresh
 * home, database and build, as CI does, on PARALENS_E2E_PORT, another port, so a kept server does not
 * stop `npm test` (it did: both took 3217).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setting } from '@/lib/config/settings';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { isBuildStale } from './lib/build-freshness';
import { prepareDumpsFolder } from '../e2e/support/dumps-folder';

interface ServerState {
  pid: number;
  port: number;
  /** the build it serves (.next/BUILD_ID when it was ready) */
  buildId: string;
}

const port = setting('PARALENS_E2E_KEPT_PORT');
const baseURL = `http://127.0.0.1:${port}`;
// one home per checkout (worktrees do not share one)
const checkoutId = createHash('sha256').update(projectRoot).digest('hex').slice(0, 8);
const home = setting('PARALENS_E2E_HOME') ?? path.join(tmpdir(), `paralens-e2e-${checkoutId}`);
const stateFile = path.join(home, 'e2e-server.json');
const logFile = path.join(home, 'e2e-server.log');
const buildIdFile = path.join(projectRoot, '.next', 'BUILD_ID');

const readBuildId = () => (existsSync(buildIdFile) ? readFileSync(buildIdFile, 'utf8').trim() : '');
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function readState(): ServerState | null {
  if (!existsSync(stateFile)) return null;
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as ServerState;
  return isAlive(state.pid) ? state : null;
}

async function answersHealth(): Promise<boolean> {
  try {
    return (await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

async function stopServer(state: ServerState): Promise<void> {
  console.log(`Stopping the e2e server (pid ${state.pid}) …`);
  process.kill(state.pid, 'SIGTERM'); // the launcher stops the web server, then PostgreSQL
  const deadline = Date.now() + 30_000;
  while (isAlive(state.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  rmSync(stateFile, { force: true });
}

async function startServer(): Promise<void> {
  mkdirSync(home, { recursive: true });
  chmodSync(home, 0o755); // PostgreSQL runs as the postgres user when we are root
  const dumpsDir = setting('PARALENS_E2E_DUMPS') ?? '';
  if (!dumpsDir) prepareDumpsFolder(path.join(home, 'dumps'));
  console.log(`Starting the e2e server on ${baseURL} (home ${home}; its output: ${logFile}) …`);
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [path.join(projectRoot, 'scripts', 'bootstrap.mjs'), 'start'], {
    cwd: projectRoot,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PARALENS_HOME: home,
      PARALENS_DUMPS_DIR: dumpsDir,
      DATABASE_URL: '',
    },
  });
  child.unref();
  const deadline = Date.now() + 15 * 60_000; // a build takes 2 to 4 minutes on a quiet 2-core machine
  while (!(await answersHealth())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const tail = readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
      throw new Error(`the e2e server did not start; the end of ${logFile}:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const state: ServerState = { pid: child.pid!, port, buildId: readBuildId() };
  writeFileSync(stateFile, JSON.stringify(state));
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  let state = readState();
  if (args.includes('--stop')) {
    if (state) await stopServer(state);
    else console.log('No e2e server of this checkout is running.');
    return 0;
  }
  if (state && (state.port !== port || isBuildStale() || state.buildId !== readBuildId())) {
    console.log('The sources changed since the e2e server started: restarting it (the app is rebuilt).');
    await stopServer(state);
    state = null;
  }
  if (!state) {
    if (await answersHealth()) {
      console.error(`npm run e2e: another server answers on ${baseURL}. Stop it, or set PARALENS_E2E_KEPT_PORT to a free port.`);
      return 1;
    }
    await startServer();
  } else console.log(`Reusing the e2e server on ${baseURL} (pid ${state.pid}; npm run e2e -- --stop stops it).`);
  const playwright = path.join(projectRoot, 'node_modules', '.bin', 'playwright');
  const run = spawnSync(playwright, ['test', ...args], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, PARALENS_E2E_HOME: home, PARALENS_E2E_REUSE_SERVER: '1', PARALENS_E2E_PORT: String(port) },
  });
  return run.status ?? 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`npm run e2e: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
