/**
 * The staging table of a mining run: `mining_refs_<run>`, UNLOGGED (no WAL; miner-design.md §5
 * measured COPY into it at ~1 M rows/s), one row per image reference in the map's COPY text format
 * (lib/mining/reference-rows.ts) plus the chunk it came from. A chunk's rows are COPYed and the
 * chunk is marked done in one transaction, so after an interruption the table holds exactly the
 * finished chunks. Created and dropped with raw SQL: Prisma knows neither COPY nor UNLOGGED.
 */
import type pg from 'pg';
import type { Database } from '../database';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { REFERENCE_COLUMNS } from '@/lib/mining/reference-rows';

/** A run's own connection, for its COPYs and the reduce (the Prisma pool is for bookkeeping). */
export type MiningConnection = pg.ClientBase;

/** Opens a dedicated connection for a run on the handle's database (close it with `.end()`). */
export async function openMiningConnection(db: Database): Promise<pg.Client> {
  const client = db.copyConnection();
  client.on('error', () => {}); // a dropped connection surfaces as a failed query
  await client.connect();
  return client;
}

export function stagingTable(runId: number, kind: 'refs' | 'flags' | 'pairs' = 'refs'): string {
  if (!Number.isSafeInteger(runId) || runId <= 0) throw new Error(`bad mining run id ${runId}`);
  return `mining_${kind}_${runId}`;
}

export async function createStagingTable(client: pg.ClientBase, runId: number): Promise<void> {
  await client.query(`CREATE UNLOGGED TABLE IF NOT EXISTS ${stagingTable(runId)} (
    id bigserial PRIMARY KEY, chunk int NOT NULL, page_id bigint NOT NULL, title text NOT NULL, image_key text NOT NULL,
    c_text text, c_words int, c_sentence boolean, c_verb boolean, c_fold text, c_norm text,
    a_text text, a_words int, a_sentence boolean, a_verb boolean, a_fold text, a_norm text)`);
}

/** Drops every staging table of the run (references, flags, pairs). */
export async function dropStagingTables(client: pg.ClientBase, runId: number): Promise<void> {
  await client.query(
    `DROP TABLE IF EXISTS ${stagingTable(runId, 'pairs')}, ${stagingTable(runId, 'flags')}, ${stagingTable(runId)}`,
  );
}

/** Prefixes every COPY line with the chunk number. */
function withChunk(tsv: string, chunk: number): string {
  if (tsv === '') return '';
  const prefix = `${chunk}\t`;
  return prefix + tsv.slice(0, -1).replaceAll('\n', `\n${prefix}`) + '\n';
}

/** COPYs lines of reference rows into the staging table (in the caller's transaction). */
export async function copyReferenceRows(
  client: pg.ClientBase,
  runId: number,
  chunk: number,
  source: string | AsyncIterable<string>,
): Promise<void> {
  const columns = ['chunk', ...REFERENCE_COLUMNS].join(', ');
  const stream = client.query(copyFrom(`COPY ${stagingTable(runId)} (${columns}) FROM STDIN`));
  const input =
    typeof source === 'string' ? Readable.from([withChunk(source, chunk)]) : Readable.from(prefixLines(source, chunk));
  await pipeline(input, stream);
}

async function* prefixLines(lines: AsyncIterable<string>, chunk: number): AsyncGenerator<string> {
  for await (const line of lines) yield `${chunk}\t${line}`;
}

/**
 * Loads one finished chunk and marks it done, atomically: either both happen or neither.
 */
export async function commitChunk(
  client: pg.ClientBase,
  runId: number,
  chunk: { index: number; tsv: string; pages: number; references: number; xmlBytes: number },
): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`DELETE FROM ${stagingTable(runId)} WHERE chunk = $1`, [chunk.index]);
    await copyReferenceRows(client, runId, chunk.index, chunk.tsv);
    await client.query(
      `UPDATE "MiningChunk" SET "doneAt" = now(), "pages" = $3, "references" = $4, "xmlBytes" = $5 WHERE "runId" = $1 AND "index" = $2`,
      [runId, chunk.index, chunk.pages, chunk.references, chunk.xmlBytes],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/**
 * Before resuming: chunks marked done whose rows are not all in the staging table (the table was
 * dropped, or PostgreSQL crashed, which empties UNLOGGED tables) are marked not done again.
 * Returns how many chunks had to be redone.
 */
export async function reconcileStaging(client: pg.ClientBase, runId: number): Promise<number> {
  await createStagingTable(client, runId);
  const { rows } = await client.query<{ index: number }>(
    `SELECT c."index" FROM "MiningChunk" c LEFT JOIN (SELECT chunk, count(*)::int AS n FROM ${stagingTable(runId)} GROUP BY chunk) s ON s.chunk = c."index"
     WHERE c."runId" = $1 AND c."doneAt" IS NOT NULL AND coalesce(s.n, 0) <> c."references"`,
    [runId],
  );
  if (rows.length === 0) return 0;
  const broken = rows.map((r) => r.index);
  await client.query(`DELETE FROM ${stagingTable(runId)} WHERE chunk = ANY($1::int[])`, [broken]);
  await client.query(
    `UPDATE "MiningChunk" SET "doneAt" = NULL, "pages" = 0, "references" = 0, "xmlBytes" = 0 WHERE "runId" = $1 AND "index" = ANY($2::int[])`,
    [runId, broken],
  );
  return broken.length;
}

/** Loads a whole references file as chunk 0 and marks it done, in one transaction. */
export async function loadReferenceChunk(
  client: pg.ClientBase,
  runId: number,
  lines: AsyncIterable<string>,
  totals: { pages: number; references: number },
): Promise<void> {
  await client.query('BEGIN');
  try {
    await copyReferenceRows(client, runId, 0, lines);
    await client.query(
      `UPDATE "MiningChunk" SET "doneAt" = now(), "pages" = $2, "references" = $3 WHERE "runId" = $1 AND "index" = 0`,
      [runId, totals.pages, totals.references],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
