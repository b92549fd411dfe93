/**
 * The server's connection limit, as the launcher needs it to size its pools: `max_connections`
 * less the slots only superusers (and, from PostgreSQL 16, roles with pg_use_reserved_connections)
 * may use.
 */
import pg from 'pg';

export interface ConnectionLimit {
  maxConnections: number;
  reserved: number;
}

export async function readConnectionLimit(url: string): Promise<ConnectionLimit> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings
        WHERE name IN ('max_connections', 'superuser_reserved_connections', 'reserved_connections')`,
    );
    const value = (name: string) => Number(rows.find((r) => r.name === name)?.setting ?? 0);
    return {
      maxConnections: value('max_connections'),
      reserved: value('superuser_reserved_connections') + value('reserved_connections'),
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}
