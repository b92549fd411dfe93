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

/** Serves the production build on a free loopback port and says where. */
export async function serveOnFreePort(
  env: NodeJS.ProcessEnv,
  label = 'Serving on',
): Promise<{ server: ChildProcess; baseUrl: string }> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  console.log(`${label} ${baseUrl} …`);
  return { server: await startProductionServer(env, port), baseUrl };
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

/** Stops the server (Ctrl-C), then PostgreSQL, and removes the throwaway home (`keep`: leaves both the home and its data). */
export async function stopBench(
  server: ChildProcess | null,
  database: OpenedDatabase,
  home: string,
  keep = false,
): Promise<void> {
  if (server && server.exitCode === null) {
    server.kill('SIGINT');
    await new Promise((r) => server.once('exit', r));
  }
  await database.stop();
  if (!keep) await rm(home, { recursive: true, force: true });
}
