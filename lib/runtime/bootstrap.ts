/**
 * Opens the database exactly the same way for the app, the CLI and the e2e tests: DATABASE_URL
 * when set (checked, never an embedded server), otherwise the embedded PostgreSQL in
 * PARALENS_HOME; then applies pending migrations and, in demo mode, seeds the demo data once. The
 * migrations, the seed and the caller's `atStartup` run under the start-up lock, one instance at a time.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { applyMigrations } from '@/lib/db/migrations';
import { refreshAllFinalLabels } from '@/lib/db/annotations/final-labels';
import { openDatabaseHandle } from '@/lib/db/database';
import { seedDemo, type SeedReport } from '@/prisma/seed';
import { withStartupLock } from '@/lib/db/instances/startup-lock';
import { checkDataDir, findRunningPort, startEmbeddedPostgres } from './embedded-postgres';
import { isPortFree } from './ports';
import { checkDatabaseUrl } from './external-database';
import { loadOrCreateSecrets, resolveDumpsDir, resolveParalensHome, resolveSharedDir } from './paralens-home';
import { probeFolder } from './files-folder';
import { StartupError } from './startup-error';
import { setting } from '@/lib/config/settings';

export interface OpenDatabaseOptions {
  env?: NodeJS.ProcessEnv;
  seed?: boolean;
  /** fsync off: for throwaway test and benchmark databases only */
  unsafeFast?: boolean;
  log?: (line: string) => void;
  /**
   * What else runs under the start-up lock after the migrations (and the demo seed): the
   * launcher's recovery of jobs and files, so that it too runs one instance at a time.
   */
  atStartup?: (url: string) => Promise<void>;
}

export interface OpenedDatabase {
  url: string;
  mode: 'embedded' | 'external';
  home: string;
  /** AUTH_SECRET to use: the environment's, or (embedded mode) the one generated in PARALENS_HOME */
  authSecret: string | undefined;
  isDemo: boolean;
  appliedMigrations: string[];
  seed: SeedReport | null;
  stop(): Promise<void>;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => {});
  const home = resolveParalensHome(env);

  const databaseUrl = setting('DATABASE_URL', env);
  if (databaseUrl) {
    await checkDatabaseUrl(databaseUrl);
    const applied = await underStartupLock(databaseUrl, log, async () => {
      const names = await migrate(databaseUrl, log);
      await options.atStartup?.(databaseUrl);
      return names;
    });
    return {
      url: databaseUrl,
      mode: 'external',
      home,
      authSecret: setting('AUTH_SECRET', env),
      isDemo: false,
      appliedMigrations: applied,
      seed: null,
      stop: async () => {},
    };
  }

  const dataDir = path.join(home, 'pgdata');
  if (checkDataDir(dataDir) === 'initialised' && !existsSync(path.join(home, 'secrets.json'))) {
    throw new StartupError(
      `${dataDir} holds a database but ${path.join(home, 'secrets.json')} (its password) is missing.`,
      'Restore secrets.json or set PARALENS_HOME to another folder. Nothing was deleted.',
    );
  }
  const pinnedPort = setting('PARALENS_PG_PORT', env);
  if (pinnedPort !== undefined && findRunningPort(dataDir) === null && !(await isPortFree(pinnedPort, '127.0.0.1'))) {
    throw new StartupError(
      `port ${pinnedPort} (PARALENS_PG_PORT) is already in use on 127.0.0.1, so the embedded PostgreSQL cannot listen there.`,
      'Stop what uses it, choose another port, or unset PARALENS_PG_PORT to let Paralens choose one. Nothing was changed.',
    );
  }
  const secrets = loadOrCreateSecrets(home);
  const server = await startEmbeddedPostgres({
    dataDir,
    password: secrets.pgPassword,
    unsafeFast: options.unsafeFast,
    port: pinnedPort,
    settings: setting('PARALENS_PG_SETTINGS', env),
  });
  const port = new URL(server.url).port;
  log(
    server.reused
      ? `Using the embedded PostgreSQL that is already running on port ${port} (data in ${dataDir})${pinnedPort !== undefined && String(pinnedPort) !== port ? `, not on PARALENS_PG_PORT=${pinnedPort}: stop it to move it` : ''}.`
      : `Started the embedded PostgreSQL on port ${port} (data in ${dataDir}).`,
  );
  if (server.settingsLine) log(server.settingsLine);
  try {
    let seed: SeedReport | null = null;
    const applied = await underStartupLock(server.url, log, async () => {
      const names = await migrate(server.url, log);
      seed = await seedOnce(server.url, env, options, log);
      await options.atStartup?.(server.url);
      return names;
    });
    return {
      url: server.url,
      mode: 'embedded',
      home,
      authSecret: setting('AUTH_SECRET', env) ?? secrets.authSecret,
      isDemo: true,
      appliedMigrations: applied,
      seed,
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * Migrations and what follows them run one instance at a time (lib/db/instances/startup-lock.ts):
 * a second instance starting on the same database waits here, then finds nothing left to migrate.
 */
function underStartupLock<T>(url: string, log: (line: string) => void, fn: () => Promise<T>): Promise<T> {
  return withStartupLock(url, fn, {
    onWait: () => log('Another Paralens instance is migrating or recovering this database; waiting for it …'),
  });
}

/** The demo data, seeded once (unless options.seed is false). */
async function seedOnce(
  url: string,
  env: NodeJS.ProcessEnv,
  options: OpenDatabaseOptions,
  log: (line: string) => void,
): Promise<SeedReport | null> {
  if (options.seed === false) return null;
  const db = openDatabaseHandle(url);
  try {
    const seed = await seedDemo(db, await demoDumpTarget(env));
    if (seed.seeded) log(`Seeded the demo data: ${seed.users} users, corpora: ${seed.corpora.join(', ') || 'none'}.`);
    if (seed.campaign) log(`Seeded the demo campaign: ${seed.campaign}.`);
    if (seed.dump) log(`Put the demo dump excerpt for the Mining page into ${path.dirname(seed.dump)}.`);
    return seed;
  } finally {
    await db.close();
  }
}

/**
 * Where the demo dump excerpt goes: the dumps folder, unless it is the default one in a shared
 * folder that fails its probe (missing, read-only: never created on an empty mount point); then the
 * next start with the folder in place puts it there. The launcher says what is wrong with the folder.
 */
async function demoDumpTarget(env: NodeJS.ProcessEnv): Promise<{ dumpsDir?: string }> {
  const dumps = resolveDumpsDir(env);
  const shared = resolveSharedDir(env);
  if (dumps.isDefault && shared !== null && (await probeFolder(shared)) !== null) return {};
  return { dumpsDir: dumps.dir };
}

/** The migration that renamed the final-label methods: the app recomputes every campaign's finals once after it. */
const RECOMPUTE_FINALS_AFTER = '_final_label_methods';

async function migrate(url: string, log: (line: string) => void): Promise<string[]> {
  try {
    const applied = await applyMigrations(url);
    if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}.`);
    if (applied.some((name) => name.endsWith(RECOMPUTE_FINALS_AFTER))) {
      const db = openDatabaseHandle(url, { poolConnections: 1 });
      try {
        const campaigns = await refreshAllFinalLabels(db);
        if (campaigns > 0) log(`Recomputed the final labels of ${campaigns} campaigns (their methods were renamed).`);
      } finally {
        await db.close();
      }
    }
    return applied;
  } catch (error) {
    throw new StartupError(
      `the database migrations failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`,
      'The database was left as it was; check that it belongs to Paralens.',
    );
  }
}
