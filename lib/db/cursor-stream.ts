/**
 * Rows of one query in batches from a cursor in one read-only snapshot (REPEATABLE READ): a
 * consistent picture even while annotators keep working, with flat memory however many rows. The
 * connection is released when the consumer finishes or stops early (the generator's finally).
 */
import type { QueryResultRow } from 'pg';
import type { SqlPool } from './sql-pool';

export async function* streamCursor<R extends QueryResultRow>(
  pool: SqlPool,
  sql: string,
  values: unknown[],
  batch: number,
): AsyncGenerator<R[]> {
  const client = await pool.connect();
  let finished = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE paralens_export NO SCROLL CURSOR FOR ${sql}`, values);
    for (;;) {
      const { rows } = await client.query<R>(`FETCH ${Number(batch) | 0} FROM paralens_export`);
      if (rows.length === 0) break;
      yield rows;
    }
    finished = true;
  } finally {
    await client.query(finished ? 'COMMIT' : 'ROLLBACK').catch(() => undefined);
    client.release();
  }
}
