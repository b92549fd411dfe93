/** For HTTP benchmarks: serve the production build through `npm start`'s script, and tear everything down after. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from '@/lib/runtime/bootstrap';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { findFreePort } from '@/lib/runtime/ports';
import { isBuildStale } from '../../lib/build-freshness';

/**
 * A throwaway PARALENS_HOME (`paralens-bench-<name>-…` in the temp folder) and the embedded
 * PostgreSQL `npm start` would open in it (migrated, demo data seeded); `env` is what a server started
 * for the benchmark gets. stopBench removes both. `keepHome`: that folder instead, created when missing
 * and kept (its database and data reused by the next run; a PostgreSQL already running on it is reused).
 */
export async function openBenchDatabase(
  name: string,
  keepHome?: string,
): Promise<{ home: string; env: NodeJS.ProcessEnv; database: OpenedDatabase }> {
  const home = keepHome ? path.resolve(keepHome) : await mkdtemp(path.join(tmpdir(), `paralens-bench-${name}-`));
  if (keepHome) await mkdir(home, { recursive: true });
  await chmod(home, 0o755);
  const env = { ...process.env, PARALENS_HOME: home, DATABASE_URL: '' };
  console.log(
    keepHome
      ? `Opening the kept embedded PostgreSQL in ${home} …`
      : 'Starting a throwaway embedded PostgreSQL with the demo data …',
  );
  const database = await openDatabase({ env, log: (l) => console.log(`  ${l}`) });
  return { home, env, database };
}

/**
 * Serves the production build on a free loopback port and says where. `processes`: that many web
 * processes under the launcher's cluster (PARALENS_WEB_PROCESSES, as `npm start` runs them).
 */
export async function serveOnFreePort(
  env: NodeJS.ProcessEnv,
  label = 'Serving on',
  processes?: number,
): Promise<{ server: ChildProcess; baseUrl: string; port: number }> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  console.log(`${label} ${baseUrl}${processes === undefined ? '' : ` with ${processes} web process(es)`} …`);
  const withProcesses = processes === undefined ? env : { ...env, PARALENS_WEB_PROCESSES: String(processes) };
  return { server: await startProductionServer(withProcesses, port), baseUrl, port };
}

/**
 * `count` instances of `npm start` on the one database of `database` (as on several machines: each
 * its own PARALENS_HOME, the same DATABASE_URL and AUTH_SECRET), each with `processes` web
 * processes, on free loopback ports, started one after the other (`extraEnv`: more variables for
 * each). Their homes go with stopBench's `extraHomes`.
 */
export async function startInstances(
  database: OpenedDatabase,
  count: number,
  processes = 1,
  extraEnv: Record<string, string> = {},
): Promise<{ servers: ChildProcess[]; ports: number[]; homes: string[] }> {
  const started = { servers: [] as ChildProcess[], ports: [] as number[], homes: [] as string[] };
  for (let i = 1; i <= count; i += 1) {
    const home = await mkdtemp(path.join(tmpdir(), `paralens-bench-instance-${i}-`));
    started.homes.push(home);
    const env = {
      ...process.env,
      PARALENS_HOME: home,
      DATABASE_URL: database.url,
      AUTH_SECRET: database.authSecret ?? '',
      PARALENS_INSTANCE: `bench-instance-${i}`,
      ...extraEnv,
    };
    const served = await serveOnFreePort(env, `Instance ${i} of ${count} (home ${home}) on`, processes);
    started.servers.push(served.server);
    started.ports.push(served.port);
  }
  return started;
}

/** Builds when the sources changed, starts scripts/start.ts on the port and waits for its banner. */
export async function startProductionServer(env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  if (isBuildStale()) {
    console.log('Building the app (next build) …');
    const build = spawnSync(process.execPath, [path.join(projectRoot, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: projectRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('next build failed');
  }
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'scripts/start.ts')], {
    cwd: projectRoot,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PARALENS_ROOT: projectRoot },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (d: Buffer) => (d.toString().includes('Paralens is running') ? resolve() : undefined));
    server.once('exit', (code) => reject(new Error(`the server exited (${code})`)));
  });
  return server;
}

/** Stops servers (Ctrl-C) and waits for them to end. */
export async function stopServers(servers: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      if (server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGINT');
      await exited;
    }),
  );
}

/**
 * Stops the server(s) (Ctrl-C), then PostgreSQL, and removes the throwaway home (`keep`: leaves both
 * the home and its data) and `extraHomes` (those of instances).
 */
export async function stopBench(
  server: ChildProcess | readonly ChildProcess[] | null,
  database: OpenedDatabase,
  home: string,
  keep = false,
  extraHomes: readonly string[] = [],
): Promise<void> {
  await stopServers(server === null ? [] : Array.isArray(server) ? server : [server as ChildProcess]);
  await database.stop();
  if (!keep) await rm(home, { recursive: true, force: true });
  for (const extra of extraHomes) await rm(extra, { recursive: true, force: true });
}
