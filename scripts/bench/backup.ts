/**
 * `npm run bench:backup`: `paralens backup` and `restore` on the demo data and on 1,000,000 generated
 * pairs (`-- <pairs>` for another size), on a throwaway embedded PostgreSQL. The floor, measured in the
 * same run on the same database: PostgreSQL's own tools alone, `pg_dump --format=custom --file` and
 * `pg_restore --single-transaction --no-owner` into an empty database, which is what a backup and a
 * restore cannot be faster than (Paralens adds the snapshot's counts, the tar with its checksums, the
 * check of every member before a restore, and the migrations after it).
 */
import { loadavg } from 'node:os';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createPrismaClient } from '@/lib/db/client';
import { createBackup } from '@/lib/jobs/backup/create-backup';
import { restoreBackup } from '@/lib/jobs/backup/restore-backup';
import { runPgTool } from '@/lib/jobs/backup/pg-process';
import { findPgTool } from '@/lib/runtime/pg-tools';
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

async function measure(label: string, url: string, home: string): Promise<void> {
  const pgDump = findPgTool('pg_dump', 18);
  const pgRestore = findPgTool('pg_restore', 18);
  const tag = label.replace(/\W+/g, '-');
  // the floor: pg_dump and pg_restore alone
  const floorFile = path.join(home, `${tag}.dump`);
  let t = performance.now();
  await runPgTool(pgDump.path, ['--format=custom', `--file=${floorFile}`, '--no-password'], url);
  const floorDump = seconds(t);
  const floorBytes = (await stat(floorFile)).size;
  const floorTarget = await freshDatabase(url, 'bench_floor');
  t = performance.now();
  await runPgTool(
    pgRestore.path,
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', '--no-password', floorFile],
    floorTarget,
  );
  const floorRestore = seconds(t);
  const loadFloor = load();

  const file = path.join(home, `${tag}.tar`);
  t = performance.now();
  const backup = await createBackup({ url, mode: 'embedded', out: file, home, modelsDir: path.join(home, 'models') });
  const backupSeconds = seconds(t);
  const target = await freshDatabase(url, 'bench_restore');
  t = performance.now();
  const restored = await restoreBackup({ file, url: target, modelsDir: path.join(home, 'restored-models'), workDir: home });
  const restoreSeconds = seconds(t);
  const row = (name: string, s: number, bytes: number | null, floorS: number, note = '') =>
    console.log(
      `  ${name.padEnd(34)} ${fmt(s, 2).padStart(8)} s ${bytes === null ? ''.padStart(10) : `${fmt(bytes / 1e6, 1).padStart(7)} MB`}` +
        `   ${fmt(s / floorS, 2)}× the floor${note}`,
    );
  console.log(
    `\n${label}: ${fmt(backup.contents.pairs)} pairs, ${fmt(backup.contents.answers)} answers (load average: ${loadFloor} → ${load()})`,
  );
  row('pg_dump -Fc (floor)', floorDump, floorBytes, floorDump);
  row('paralens backup', backupSeconds, backup.bytes, floorDump, `   (pg_dump ${fmt(backup.dumpSeconds, 2)} s)`);
  row('pg_restore --single-transaction (floor)', floorRestore, null, floorRestore);
  row('paralens restore', restoreSeconds, null, floorRestore, `   (pg_restore ${fmt(restored.restoreSeconds, 2)} s)`);
  await admin(url, 'DROP DATABASE IF EXISTS bench_floor WITH (FORCE)');
  await admin(url, 'DROP DATABASE IF EXISTS bench_restore WITH (FORCE)');
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
  const { rm } = await import('node:fs/promises');
  await rm(home, { recursive: true, force: true });
}
