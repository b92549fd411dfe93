/**
 * Reads an export's rows on a dedicated connection, in one REPEATABLE READ, READ ONLY transaction:
 * the count and the rows see the same snapshot, so the file holds exactly the rows that were there
 * when the export started, however long it runs and whatever is imported meanwhile. The rows leave
 * PostgreSQL through `COPY (SELECT …) TO STDOUT`, the fastest way out (a cursor's FETCH costs
 * several times more per value in the driver), read as a stream with backpressure: memory stays
 * constant. COPY takes no bind parameters, so they are written into the SQL as literals
 * (lib/export/copy-text.ts; standard_conforming_strings is set on the session).
 */
import { StringDecoder } from 'node:string_decoder';
import type { Database } from '../database';
import { to as copyTo } from 'pg-copy-streams';
import { inlineParameters, splitCopyLine } from '@/lib/export/copy-text';
import type { ExportSql } from './export-sql';

export type ExportRow = Array<string | null>;

export interface ExportCursor {
  /** rows the export will write (counted in its snapshot), and per corpus id */
  total: number;
  perCorpus: Map<number, number>;
  /** the rows in order, a chunk at a time (each value as PostgreSQL's text, or null) */
  batches: AsyncGenerator<ExportRow[]>;
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
    async function* batches(): AsyncGenerator<ExportRow[]> {
      const decoder = new StringDecoder('utf8');
      let rest = '';
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const lines = (rest + decoder.write(chunk)).split('\n');
        rest = lines.pop()!;
        if (lines.length > 0) yield lines.map(splitCopyLine);
      }
      rest += decoder.end();
      if (rest !== '') yield [splitCopyLine(rest)];
      finished = true;
    }
    return { total: [...perCorpus.values()].reduce((a, b) => a + b, 0), perCorpus, batches: batches(), close };
  } catch (error) {
    await close();
    throw error;
  }
}
