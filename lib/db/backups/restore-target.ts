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
  /** tables of the public schema (but the migrations' own) that hold at least one row */
  tablesWithRows: string[];
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
    const tables = (
      await client.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`,
      )
    ).rows.map((r) => r.name);
    const tablesWithRows: string[] = [];
    for (const table of tables) {
      const { rowCount } = await client.query(`SELECT 1 FROM public.${client.escapeIdentifier(table)} LIMIT 1`);
      if (rowCount) tablesWithRows.push(table);
    }
    return { serverVersion, objects, contents: hasTables ? await countBackupContents(client) : null, tablesWithRows };
  });
}

/** Whether the database holds data a restore must not replace without being told: a row in any table but the migrations'. */
export function holdsData(target: RestoreTarget): boolean {
  return target.tablesWithRows.length > 0;
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
