/**
 * `npm run bench:backup`: `paralens backup` and `restore` on the demo data and on 1,000,000 generated
 * pairs (`-- <pairs>` for another size), on a throwaway embedded PostgreSQL. The floor, measured in the
 * same run on the same database: PostgreSQL's own tools alone, `pg_dump --format=custom --file` and
 * `pg_restore --single-transaction --no-owner` into an empty database, which is what a backup and a
 * restore cannot be faster than (Paralens adds the snapshot's counts, the tar with its checksums, the
 * check of every member before a restore, and the migrations after it). BENCH_ROUNDS rounds (default 3)
 * of the four, in turn, so load on the shared machine falls on both sides; the medians are printed.
 */
import { loadavg } from 'node:os';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createPrismaClient } from '@/lib/db/client';
import { openDatabaseHandle } from '@/lib/db/database';
import { createBackup } from '@/lib/services/backups/create-backup';
import { restoreBackup } from '@/lib/services/backups/restore-backup';
import { runPgTool } from '@/lib/services/backups/pg-process';
import { findPgTool } from '@/lib/runtime/pg-tools';
import { setting } from '@/lib/config/settings';
import { openBenchDatabase } from './lib/bench-server';
import { createGeneratedCorpus } from './lib/generated-corpus';
import { fmt } from './lib/format';

const pairs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function freshDatabase(url: string, name: string): Promise<string> {
  await admin(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(url, `CREATE DATABASE ${name}`);
  return url.replace(/\/[^/]+$/, `/${name}`);
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const ROUNDS = setting('BENCH_ROUNDS');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Round {
  floorDump: number;
  backup: number;
  pgDumpInBackup: number;
  floorRestore: number;
  restore: number;
  pgRestoreInRestore: number;
}

/** One round: the floor's dump, Paralens's backup, the floor's restore, Paralens's restore, each into a fresh database. */
async function round(
  url: string,
  home: string,
  tag: string,
): Promise<Round & { floorBytes: number; bytes: number; pairs: number }> {
  const pgDump = findPgTool('pg_dump', 18);
  const pgRestore = findPgTool('pg_restore', 18);
  const floorFile = path.join(home, `${tag}.dump`);
  let t = performance.now();
  await runPgTool(pgDump.path, ['--format=custom', `--file=${floorFile}`, '--no-password'], url);
  const floorDump = seconds(t);
  const floorBytes = (await stat(floorFile)).size;
  const file = path.join(home, `${tag}.tar`);
  t = performance.now();
  const source = openDatabaseHandle(url);
  const backup = await createBackup({
    db: source,
    mode: 'embedded',
    out: file,
    home,
    modelsDir: path.join(home, 'models'),
  }).finally(() => source.close());
  const backupSeconds = seconds(t);
  const floorTarget = await freshDatabase(url, 'bench_floor');
  t = performance.now();
  await runPgTool(
    pgRestore.path,
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', '--no-password', floorFile],
    floorTarget,
  );
  const floorRestore = seconds(t);
  await admin(url, 'DROP DATABASE IF EXISTS bench_floor WITH (FORCE)');
  const target = await freshDatabase(url, 'bench_restore');
  t = performance.now();
  const restored = await restoreBackup({ file, url: target, modelsDir: path.join(home, 'restored-models'), workDir: home });
  const restoreSeconds = seconds(t);
  await admin(url, 'DROP DATABASE IF EXISTS bench_restore WITH (FORCE)');
  await rm(floorFile);
  await rm(file);
  return {
    floorDump,
    backup: backupSeconds,
    pgDumpInBackup: backup.dumpSeconds,
    floorRestore,
    restore: restoreSeconds,
    pgRestoreInRestore: restored.restoreSeconds,
    floorBytes,
    bytes: backup.bytes,
    pairs: backup.contents.pairs,
  };
}

async function measure(label: string, url: string, home: string): Promise<void> {
  const loadBefore = load();
  const rounds: Awaited<ReturnType<typeof round>>[] = [];
  for (let r = 0; r < ROUNDS; r++) rounds.push(await round(url, home, `${label.replace(/\W+/g, '-')}-${r}`));
  const first = rounds[0]!;
  const m = (k: keyof Round) => median(rounds.map((x) => x[k]));
  const row = (name: string, k: keyof Round, floor: keyof Round, note = '') =>
    console.log(
      `  ${name.padEnd(40)} ${fmt(m(k), 2).padStart(7)} s  (rounds ${rounds.map((x) => fmt(x[k], 1)).join(', ')})` +
        `   ${fmt(median(rounds.map((x) => x[k] / x[floor])), 2)}× the floor${note}`,
    );
  console.log(
    `\n${label}: ${fmt(first.pairs)} pairs; backup ${fmt(first.bytes / 1e6, 1)} MB, plain dump ${fmt(first.floorBytes / 1e6, 1)} MB; ` +
      `median of ${ROUNDS} rounds (load average: ${loadBefore} → ${load()})`,
  );
  row('pg_dump -Fc (floor)', 'floorDump', 'floorDump');
  row('paralens backup', 'backup', 'floorDump', `   (its pg_dump ${fmt(m('pgDumpInBackup'), 2)} s)`);
  row('pg_restore --single-transaction (floor)', 'floorRestore', 'floorRestore');
  row('paralens restore', 'restore', 'floorRestore', `   (its pg_restore ${fmt(m('pgRestoreInRestore'), 2)} s)`);
}

const { home, database } = await openBenchDatabase('backup');
try {
  console.log(`pg_dump: ${findPgTool('pg_dump', 18).path}; load average at the start: ${load()}`);
  await measure('Demo data', database.url, home);
  const db = createPrismaClient(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await createGeneratedCorpus(client, db, pairs);
  await client.end();
  await db.$disconnect();
  await measure(`${fmt(pairs)} generated pairs`, database.url, home);
} finally {
  await database.stop();
  await rm(home, { recursive: true, force: true });
}
