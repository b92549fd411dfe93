/**
 * Several Paralens instances on one machine, as several machines would run them: each its own
 * `npm start` (scripts/bootstrap.mjs start) with its own PARALENS_HOME and port, all with the same
 * DATABASE_URL and AUTH_SECRET, behind a proxy the caller starts (scripts/lib/local-proxy.ts). For
 * the launcher tests (scripts/instances.launcher.test.ts) and benchmarks. Each instance runs in a
 * process group of its own, so `kill()` ends all of it at once, as a machine that dies would.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { findFreePort } from '@/lib/runtime/ports';
import { buildIfStale } from './build-freshness';

export interface InstanceOptions {
  /** PARALENS_INSTANCE (what GET /api/health names) */
  name: string;
  databaseUrl: string;
  authSecret: string;
  /** further settings (they win over the defaults below) */
  env?: Record<string, string>;
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  /** http://127.0.0.1:PORT, the instance itself (not through the proxy) */
  readonly url: string;
  readonly home: string;
  /** the launcher's process id (the leader of the instance's process group) */
  readonly pid: number;
  /** everything the instance printed so far */
  output(): string;
  /** resolves once the output contains `text`; rejects when the instance exits first or after `timeoutMs` */
  waitForOutput(text: string, timeoutMs: number): Promise<void>;
  isRunning(): boolean;
  /** SIGKILL to the whole process group: the launcher, its web process and the jobs it runs */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop), SIGKILL after 30 s; then deletes its PARALENS_HOME */
  stop(): Promise<void>;
}

/**
 * What `npm start` does first (scripts/bootstrap.mjs: `npm ci` or the Prisma client when needed),
 * then the build when stale: once, before instances start together in this one checkout, so they
 * do not each regenerate the client and then each start a build of their own.
 */
export function prepareForInstances(): void {
  const prepare = spawnSync(process.execPath, [path.join(projectRoot, 'scripts', 'bootstrap.mjs')], { stdio: 'inherit' });
  if (prepare.status !== 0) throw new Error('preparing the checkout (scripts/bootstrap.mjs) failed');
  buildIfStale();
}

/** Spawns `npm start` for one instance and returns at once (wait for its banner with waitForOutput). */
export async function launchInstance(options: InstanceOptions): Promise<Instance> {
  const port = await findFreePort();
  const home = await mkdtemp(path.join(tmpdir(), `paralens-instance-${options.name}-`));
  await chmod(home, 0o755);
  const child: ChildProcess = spawn(process.execPath, [path.join(projectRoot, 'scripts', 'bootstrap.mjs'), 'start'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      AUTH_SECRET: options.authSecret,
      PARALENS_HOME: home,
      PARALENS_INSTANCE: options.name,
      PORT: String(port),
      HOST: '127.0.0.1',
      // behind the one proxy of deploy/: the client is the last X-Forwarded-For entry
      TRUSTED_PROXY_HOPS: '1',
      PARALENS_WEB_PROCESSES: '1',
      // several instances share the server's connections: keep each one's share small
      PARALENS_DB_POOL_SIZE: '4',
      PARALENS_SQL_POOL_SIZE: '4',
      PARALENS_JOB_CONCURRENCY: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
  };

  return {
    name: options.name,
    port,
    url: `http://127.0.0.1:${port}`,
    home,
    pid: child.pid!,
    output: () => printed,
    isRunning,
    waitForOutput: async (text, timeoutMs) => {
      const deadline = Date.now() + timeoutMs;
      while (!printed.includes(text)) {
        if (!isRunning())
          throw new Error(`instance ${options.name} exited before "${text}"; it printed:\n${printed.slice(-4000)}`);
        if (Date.now() > deadline) {
          throw new Error(`instance ${options.name}: no "${text}" within ${timeoutMs} ms; it printed:\n${printed.slice(-4000)}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    kill: async () => {
      signalGroup('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (isRunning()) {
        process.kill(child.pid!, 'SIGTERM');
        const timer = setTimeout(() => signalGroup('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
      }
      signalGroup('SIGKILL'); // anything of the group still left (nothing, after a clean stop)
      await rm(home, { recursive: true, force: true });
    },
  };
}
