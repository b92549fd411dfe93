/**
 * The snapshot a backup is taken in: a REPEATABLE READ transaction on a connection of its own exports
 * its snapshot (`pg_export_snapshot`), counts what the backup holds and lists the applied migrations in
 * it, and stays open while pg_dump, given `--snapshot`, dumps exactly the same state. Every answer
 * committed before the snapshot is in the dump; none committed after it is.
 */
import type pg from 'pg';
import type { Database } from '../database';
import type { BackupContents } from '@/lib/backup/backup-manifest';

export interface BackupSnapshot {
  id: string;
  serverVersion: string;
  contents: BackupContents;
  migrations: string[];
}

const COUNTS: Record<keyof BackupContents, string> = {
  users: '"User"',
  corpora: '"Corpus"',
  pairs: '"Pair"',
  campaigns: '"Campaign"',
  answers: '"Annotation"',
  adjudications: '"Adjudication"',
  goldAnswers: '"GoldAnswer"',
  apiTokens: '"ApiToken"',
  userMeasures: '"CorpusMeasure"',
};

/** Counts what a database holds (in the transaction `client` is in, when it is in one). */
export async function countBackupContents(client: pg.ClientBase): Promise<BackupContents> {
  const keys = Object.keys(COUNTS) as (keyof BackupContents)[];
  const sql = `SELECT ${keys.map((k) => `(SELECT count(*) FROM ${COUNTS[k]})::bigint AS "${k}"`).join(', ')}`;
  const row = (await client.query<Record<keyof BackupContents, string>>(sql)).rows[0]!;
  return Object.fromEntries(keys.map((k) => [k, Number(row[k])])) as BackupContents;
}

/** The migrations applied to the database, in the order they were written. */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query(`SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS ok`);
  if (!(exists.rows[0] as { ok: boolean }).ok) return [];
  const rows = await client.query<{ migration_name: string }>(
    `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  return rows.rows.map((r) => r.migration_name);
}

/** Runs `fn` while a snapshot of the database is exported; the transaction ends (read only, nothing to keep) after it. */
export async function withExportedSnapshot<T>(db: Database, fn: (snapshot: BackupSnapshot) => Promise<T>): Promise<T> {
  const client = db.copyConnection();
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const id = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const serverVersion = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v;
    const contents = await countBackupContents(client);
    const migrations = await appliedMigrations(client);
    const result = await fn({ id, serverVersion, contents, migrations });
    await client.query('COMMIT');
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}
