/**
 * Runs in a `db` test worker before each test file: clones the migrated template into a database of
 * the file's own and points DATABASE_URL (and so getDb()) at it.
 *
 * The `db` project runs many files in one worker process (vitest.config.ts: starting a process and
 * loading its modules for each file cost more than most files' tests). Each file still starts as it
 * would in a fresh process: a database no other file has touched, the environment as the worker
 * began, the project's modules evaluated anew, and no process-wide handle (the Prisma client, the
 * pool, the compute threads) left by an earlier file: those are closed and forgotten after each file.
 * (The earlier files' databases stay until the run stops the server and removes its folder.)
 */
import { afterAll, inject, vi } from 'vitest';
import pg from 'pg';

const TEMPLATE_DATABASE = 'paralens_template';
const adminUrl = inject('pgAdminUrl');
if (!/@(127\.0\.0\.1|localhost):/.test(adminUrl)) throw new Error('Database tests refuse to run against a non-local server.');

interface WorkerState {
  files: number;
  env: NodeJS.ProcessEnv;
}
const holder = globalThis as unknown as { dbTestWorker?: WorkerState };
const firstFile = !holder.dbTestWorker;
const worker = (holder.dbTestWorker ??= { files: 0, env: { ...process.env } });
worker.files += 1;
if (!firstFile) {
  // as a fresh process would: the project's modules evaluated anew (node_modules stay loaded) and the
  // environment the worker started with
  vi.resetModules();
  for (const name of Object.keys(process.env)) if (!(name in worker.env)) delete process.env[name];
  Object.assign(process.env, worker.env);
}

// Named by the worker's process id, unique among live processes: named by VITEST_POOL_ID, a run of the
// unit, slow and db projects together once had two files on one database name at the same time (one
// file's rows in the other's database, then a database dropped under a running file).
const fileDb = `paralens_test_${process.pid}_${worker.files}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
// Cloning needs the template to itself: workers take turns.
await admin.query('SELECT pg_advisory_lock(7301)');
try {
  await admin.query(`DROP DATABASE IF EXISTS ${fileDb} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${fileDb} TEMPLATE ${TEMPLATE_DATABASE}`);
} finally {
  await admin.query('SELECT pg_advisory_unlock(7301)');
  await admin.end();
}
process.env.DATABASE_URL = adminUrl.replace(/\/postgres$/, `/${fileDb}`);

interface Closable {
  $disconnect?: () => Promise<void>;
  end?: () => Promise<void>;
  close?: () => Promise<void>;
}

// The process-wide state the code keeps on globalThis, named `paralens…` (lib/db/client.ts, lib/db/sql-pool.ts,
// lib/db/database.ts, lib/runtime/compute-workers.ts, the web server's marker). Registered before the file's own
// hooks, this runs after them. The one handle (lib/db/database.ts) is only forgotten: its parts are the Prisma
// client and the pool, closed under their own names (and a forgotten handle keeps to those closed ones).
const ours = (key: string | symbol) => (typeof key === 'symbol' ? key.description : key)?.startsWith('paralens') === true;
const forgottenOnly = new Set<string | symbol>(['paralensDatabase']);
afterAll(async () => {
  const keys = Reflect.ownKeys(globalThis).filter(ours);
  const values = keys.map((key) => (globalThis as Record<string | symbol, unknown>)[key] as Closable | undefined);
  for (const key of keys) Reflect.deleteProperty(globalThis, key);
  for (const [i, value] of values.entries()) {
    if (forgottenOnly.has(keys[i]!) || !value || typeof value !== 'object') continue;
    const close = value.$disconnect ?? value.end ?? value.close;
    // a handle the file closed itself may refuse a second close (pg's pool does): it is closed either way
    try {
      if (typeof close === 'function') await close.call(value);
    } catch {
      // closed already
    }
  }
  const reopened = Reflect.ownKeys(globalThis).filter(ours);
  if (reopened.length) throw new Error(`closing the file's handles opened ${reopened.map(String).join(', ')} again`);
});
