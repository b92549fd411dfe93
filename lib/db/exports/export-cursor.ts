/**
 * Reads an export's rows on a dedicated connection, in one REPEATABLE READ, READ ONLY transaction:
 * the count and the rows see the same snapshot, so the file holds exactly the rows that were there
 * when the export started, however long it runs and whatever is imported meanwhile. The rows leave
 * PostgreSQL through `COPY (SELECT …) TO STDOUT`, the fastest way out (a cursor's FETCH costs
 * several times more per value in the driver), read as a stream with backpressure: memory stays
 * constant. COPY takes no bind parameters, so they are written into the SQL as literals
 * (lib/export/copy-text.ts; standard_conforming_strings is set on the session).
 */
import type { Database } from '../database';
import { to as copyTo } from 'pg-copy-streams';
import { inlineParameters } from '@/lib/export/copy-text';
import type { ExportSql } from './export-sql';

const NEWLINE = 10;

export interface ExportCursor {
  /** rows the export will write (counted in its snapshot), and per corpus id */
  total: number;
  perCorpus: Map<number, number>;
  /**
   * the rows in order, as COPY's text format (lib/export/copy-text.ts) in UTF-8 bytes: each chunk
   * whole lines, every one ending in its newline, for lib/export/line-format.ts's copyTextFormatter
   */
  lines: AsyncGenerator<Buffer>;
  /** ends the transaction and closes the connection (safe to call twice, also mid-stream) */
  close(): Promise<void>;
}

export async function openExportCursor(db: Database, sql: ExportSql): Promise<ExportCursor> {
  const client = db.copyConnection();
  await client.connect();
  let closed = false;
  let finished = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    if (finished) await client.query('COMMIT').catch(() => undefined);
    await client.end().catch(() => undefined);
  };
  try {
    await client.query('SET standard_conforming_strings = on');
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const counted = await client.query<{ corpus: string; n: string }>(sql.count, sql.params);
    const perCorpus = new Map(counted.rows.map((r) => [Number(r.corpus), Number(r.n)]));
    const stream = client.query(copyTo(`COPY (${inlineParameters(sql.query, sql.params)}) TO STDOUT`));
    async function* lines(): AsyncGenerator<Buffer> {
      let rest: Buffer | null = null;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const bytes: Buffer = rest === null ? chunk : Buffer.concat([rest, chunk]);
        const last = bytes.lastIndexOf(NEWLINE);
        rest = last === bytes.length - 1 ? null : bytes.subarray(last + 1);
        if (last !== -1) yield bytes.subarray(0, last + 1);
      }
      if (rest !== null) yield Buffer.concat([rest, Buffer.from('\n')]);
      finished = true;
    }
    return { total: [...perCorpus.values()].reduce((a, b) => a + b, 0), perCorpus, lines: lines(), close };
  } catch (error) {
    await close();
    throw error;
  }
}
