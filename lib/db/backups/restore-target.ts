/**
 * The database a restore writes into: its server's version, whether it holds data (a restore refuses
 * to replace data unless told to), and clearing it (the public schema dropped and made again, so
 * nothing of the old database mixes with the backup's).
 */
import pg from 'pg';
import type { BackupContents } from '@/lib/backup/backup-manifest';
import { countBackupContents } from './snapshot';

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface RestoreTarget {
  serverVersion: string;
  /** objects (tables, types, sequences) in the public schema */
  objects: number;
  /** what the database holds, when it has Paralens's tables; null when it has none */
  contents: BackupContents | null;
}

export function inspectRestoreTarget(url: string): Promise<RestoreTarget> {
  return withClient(url, async (client) => {
    const serverVersion = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v;
    const objects = Number(
      (
        await client.query<{ n: string }>(
          `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'`,
        )
      ).rows[0]!.n,
    );
    const hasTables = (await client.query<{ ok: boolean }>(`SELECT to_regclass('public."User"') IS NOT NULL AS ok`)).rows[0]!.ok;
    return { serverVersion, objects, contents: hasTables ? await countBackupContents(client) : null };
  });
}

/** Whether what a database holds counts as data a restore must not replace without being told. */
export function holdsData(contents: BackupContents | null): boolean {
  return contents !== null && Object.values(contents).some((n) => n > 0);
}

/** Empties the database: drops the public schema with everything in it and makes it again. */
export function clearDatabase(url: string): Promise<void> {
  return withClient(url, async (client) => {
    await client.query('BEGIN');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
    await client.query('COMMIT');
  });
}
