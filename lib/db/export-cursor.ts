/**
 * Reads an export's lines through a server-side cursor on a dedicated connection, in one
 * REPEATABLE READ, READ ONLY transaction: the count and every batch see the same snapshot, so the
 * file holds exactly the rows that were there when the export started, however long it runs and
 * whatever is imported meanwhile. Memory stays constant: one batch of finished lines at a time.
 */
import pg from 'pg';
import { CSV_CELL_FUNCTION, type ExportSql } from './export-sql';

export interface ExportCursor {
  /** rows the export will write (counted in its snapshot), and per corpus id */
  total: number;
  perCorpus: Map<number, number>;
  /** the next batch of lines (without newlines); null at the end */
  next(): Promise<string[] | null>;
  /** ends the transaction and closes the connection (safe to call twice) */
  close(): Promise<void>;
}

const identity = (value: string) => value;

export async function openExportCursor(connectionString: string, sql: ExportSql, batchRows = 5000): Promise<ExportCursor> {
  // Every value arrives as text and stays text: the lines are finished in SQL.
  const client = new pg.Client({ connectionString, types: { getTypeParser: () => identity } as unknown as typeof pg.types });
  await client.connect();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  };
  try {
    await client.query(CSV_CELL_FUNCTION);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const counted = await client.query<{ corpus: string; n: string }>(sql.count, sql.params);
    const perCorpus = new Map(counted.rows.map((r) => [Number(r.corpus), Number(r.n)]));
    await client.query(`DECLARE paralens_export NO SCROLL CURSOR FOR ${sql.query}`, sql.params);
    let done = false;
    return {
      total: [...perCorpus.values()].reduce((a, b) => a + b, 0),
      perCorpus,
      async next() {
        if (done) return null;
        const result = await client.query<[string]>({ text: `FETCH ${batchRows} FROM paralens_export`, rowMode: 'array' });
        if (result.rows.length < batchRows) done = true;
        if (result.rows.length === 0) return null;
        return result.rows.map((row) => row[0]);
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
