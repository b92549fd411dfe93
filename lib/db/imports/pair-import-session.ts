/**
 * Writes an import in one transaction on a dedicated connection, chunk by chunk, while the importer
 * prepares the next chunks (Node.js and PostgreSQL work on the two cores at once). When a chunk is
 * formed, its questions go out at once (which keys the corpus may already have, the images' ids,
 * ids for its texts); when its turn comes, lib/pair-rows/chunk-planner.ts decides what is new and the
 * new texts and pairs are COPYed (binary format) straight into Text and Pair. Duplicates are
 * skipped and counted; file order is kept; memory holds a few chunks. Nothing is visible to others
 * before COMMIT; a failure, an invalid record in all-or-nothing mode, or a cancel rolls it all back.
 */
import type pg from 'pg';
import type { Database } from '../database';
import { from as copyFrom } from 'pg-copy-streams';
import { BinaryCopyWriter } from '@/lib/pair-rows/copy-binary';
import { measureKeys } from '@/lib/measures/catalog';
import { SumsAccumulator } from '@/lib/pair-rows/sums-accumulator';
import { addToCorpusSummary, type Query } from '../corpora/corpus-summary';
import { markImportSucceeded } from './import-jobs';
import type { PreparedPair } from '@/lib/pair-rows/prepare-pair';
import { UuidBloomFilter } from '@/lib/pair-rows/bloom-filter';
import { ChunkPlanner, type ChunkPlan, type LookupAnswers } from '@/lib/pair-rows/chunk-planner';

/** Pairs per chunk: big enough to amortise round trips, small enough to keep memory flat. */
export const CHUNK_PAIRS = 5_000;
/** Chunks that may wait for the database before the caller is held up. */
const MAX_PENDING_CHUNKS = 2;

const TEXT_COLUMNS =
  '"id", "corpusId", "contentKey", "content", "type", "imageId", "sourcePage", "sourceTitle", "wordCount", "importJobId"';
const TEXT_COLUMN_COUNT = 10;
/** The Pair columns every import writes, in encodePair's order: fixed ones, one per measure, semParts. */
const PAIR_FIXED_COLUMNS = [
  'corpusId',
  'textAId',
  'textBId',
  'imageId',
  'pairKey',
  'originalId',
  'clusterId',
  'metadata',
  'referenceLabel',
  'referenceScore',
  'referenceIsParaphrase',
  'importJobId',
  'lengthA',
  'lengthB',
] as const;
const PAIR_COLUMN_NAMES = [...PAIR_FIXED_COLUMNS, ...measureKeys, 'semParts'];
const PAIR_COLUMNS = PAIR_COLUMN_NAMES.map((c) => `"${c}"`).join(', ');

export interface ImportWriteResult {
  /** pairs handed to the session, repeats included */
  received: number;
  imported: number;
  duplicates: number;
  /** texts this import added to the corpus */
  texts: number;
}

/**
 * The import's own rows reference texts and images it has just looked up or inserted and a corpus
 * it has locked, so the per-row foreign-key triggers only cost time. A superuser connection (the
 * embedded database) skips them, as pg_restore --disable-triggers does; other roles keep them.
 */
async function skipForeignKeyTriggers(client: pg.Client): Promise<boolean> {
  const role = await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
  if (!role.rows[0]?.rolsuper) return false;
  await client.query("SET LOCAL session_replication_role = 'replica'");
  return true;
}

export class PairImportSession {
  private buffer: PreparedPair[] = [];
  /** the last queued chunk is decided and its COPYs are queued on the connection */
  private decided: Promise<void> = Promise.resolve();
  /** every statement goes through this chain, one at a time and in the order issued */
  private tail: Promise<unknown> = Promise.resolve();
  private failure: unknown = null;
  /** the pairs (1-based, in the order added) of the chunk whose writing failed */
  failedChunk: { first: number; last: number } | null = null;
  /** all COPYs queued so far; rejects if one failed */
  private copiesDone: Promise<unknown> = Promise.resolve();
  private pendingChunks = 0;
  private received = 0;
  private imported = 0;
  private textsAdded = 0;
  private isOpen = true;
  private readonly planner: ChunkPlanner;
  /** sums of the pairs written, added to the corpus summary at commit */
  private readonly sums = new SumsAccumulator();
  /** where the time went, for benchmarks: the caller held up, answers awaited, COPY */
  readonly timings = { waitMs: 0, lookupMs: 0, copyMs: 0, dbBusyMs: 0 };
  private readonly corpusWasEmpty: boolean;

  private constructor(
    private readonly client: pg.Client,
    private readonly corpusId: number,
    private readonly importJobId: number,
    private readonly textSequence: string,
    expectedKeys: number | null,
  ) {
    this.corpusWasEmpty = expectedKeys !== null;
    // When the corpus was empty at the start, a key the filter has never seen cannot be stored.
    const written = expectedKeys === null ? null : new UuidBloomFilter(expectedKeys);
    this.planner = new ChunkPlanner(written, MAX_PENDING_CHUNKS + 2);
  }

  /**
   * Opens the connection and the transaction: one import per corpus at a time (advisory lock), and
   * the corpus row key-share locked (a concurrent delete waits for us, then removes our rows too).
   */
  static async open(db: Database, corpusId: number, importJobId: number, expectedPairs = 100_000): Promise<PairImportSession> {
    const client = db.copyConnection();
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(7302, $1)', [corpusId]);
      const corpus = await client.query('SELECT 1 FROM "Corpus" WHERE "id" = $1 FOR KEY SHARE', [corpusId]);
      if (corpus.rowCount === 0) throw new Error(`corpus ${corpusId} does not exist`);
      await skipForeignKeyTriggers(client);
      const seq = await client.query<{ name: string }>(`SELECT pg_get_serial_sequence('"Text"', 'id') AS name`);
      const used = await client.query<{ used: boolean }>(
        'SELECT EXISTS (SELECT 1 FROM "Pair" WHERE "corpusId" = $1) OR EXISTS (SELECT 1 FROM "Text" WHERE "corpusId" = $1) AS used',
        [corpusId],
      );
      // Three keys per pair (the pair and its two texts), at most 64 million (80 MB of filter).
      const expectedKeys = used.rows[0]?.used ? null : Math.min(64_000_000, Math.max(30_000, expectedPairs * 3));
      return new PairImportSession(client, corpusId, importJobId, seq.rows[0]!.name, expectedKeys);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  }

  /** Queues pairs; a full chunk goes to the database while the caller prepares the next ones. */
  async add(pairs: readonly PreparedPair[]): Promise<void> {
    for (const p of pairs) this.buffer.push(p);
    this.received += pairs.length;
    if (this.buffer.length >= CHUNK_PAIRS) await this.sendChunk();
  }

  /** Runs `op` on the connection after everything issued before it. */
  private serial<T>(op: () => Promise<T>): Promise<T> {
    const result = this.tail.then(async () => {
      const started = performance.now();
      try {
        return await op();
      } finally {
        this.timings.dbBusyMs += performance.now() - started;
      }
    });
    this.tail = result.catch(() => {});
    return result;
  }

  /**
   * Plans the chunk and sends its questions now; its decision and COPYs follow the previous
   * chunk's. The caller waits only when more than MAX_PENDING_CHUNKS chunks are queued.
   */
  private async sendChunk(): Promise<void> {
    if (this.failure) throw this.failure as Error;
    if (this.buffer.length === 0) return;
    const chunk = { first: this.received - this.buffer.length + 1, last: this.received };
    const plan = this.planner.plan(this.buffer);
    this.buffer = [];
    const answers = this.ask(plan);
    answers.catch(() => {}); // reported through the decision below
    this.pendingChunks += 1;
    this.decided = this.decided
      .then(async () => {
        if (this.failure) return;
        const waitStart = performance.now();
        const given = await answers;
        this.timings.lookupMs += performance.now() - waitStart;
        this.write(plan, given, chunk);
      })
      .catch((error: unknown) => {
        this.failure = error;
        this.failedChunk ??= chunk;
      })
      .finally(() => {
        this.pendingChunks -= 1;
      });
    if (this.pendingChunks > MAX_PENDING_CHUNKS) {
      const waitStart = performance.now();
      await this.decided;
      this.timings.waitMs += performance.now() - waitStart;
      if (this.failure) throw this.failure as Error;
    }
  }

  /** The chunk's questions, back to back on the connection. */
  private async ask(plan: ChunkPlan): Promise<LookupAnswers & { imageIds: Map<string, number> }> {
    const c = this.client;
    const none = <T>(): Promise<{ rows: T[] }> => Promise.resolve({ rows: [] });
    const pairs =
      plan.pairLookups.length === 0
        ? none<{ pairKey: string }>()
        : this.serial(() =>
            c.query<{ pairKey: string }>('SELECT "pairKey" FROM "Pair" WHERE "corpusId" = $1 AND "pairKey" = ANY($2::uuid[])', [
              this.corpusId,
              plan.pairLookups,
            ]),
          );
    const texts =
      plan.textLookups.length === 0
        ? none<{ contentKey: string; id: number }>()
        : this.serial(() =>
            c.query<{ contentKey: string; id: number }>(
              'SELECT "contentKey", "id" FROM "Text" WHERE "corpusId" = $1 AND "contentKey" = ANY($2::uuid[])',
              [this.corpusId, plan.textLookups],
            ),
          );
    const images =
      plan.images.size === 0
        ? none<{ key: string; id: number }>()
        : this.serial(() =>
            c.query<{ key: string; id: number }>(
              `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::text[]) AS w(key, url)),
                    inserted AS (INSERT INTO "Image" ("key", "url") SELECT key, url FROM wanted ON CONFLICT ("key") DO NOTHING RETURNING "key", "id")
               SELECT "key", "id" FROM inserted
               UNION ALL SELECT i."key", i."id" FROM "Image" i JOIN wanted w ON w.key = i."key"`,
              [[...plan.images.keys()], [...plan.images.values()]],
            ),
          );
    // Ids for every distinct text of the chunk, new or not: unused ids only leave gaps.
    const ids =
      plan.distinctTexts === 0
        ? none<{ id: number }>()
        : this.serial(() =>
            c.query<{ id: number }>('SELECT nextval($1::regclass)::int AS id FROM generate_series(1, $2)', [
              this.textSequence,
              plan.distinctTexts,
            ]),
          );
    const [p, t, i, r] = await Promise.all([pairs, texts, images, ids]);
    return {
      existingPairs: new Set(p.rows.map((row) => row.pairKey)),
      existingTextIds: new Map(t.rows.map((row) => [row.contentKey, row.id])),
      reservedIds: r.rows.map((row) => row.id),
      imageIds: new Map(i.rows.map((row) => [row.key, row.id])),
    };
  }

  /** Decides the chunk and queues its COPYs. */
  private write(
    plan: ChunkPlan,
    answers: LookupAnswers & { imageIds: Map<string, number> },
    chunk: { first: number; last: number },
  ): void {
    const { newPairs, newTexts, textIds } = this.planner.decide(plan, answers);
    const imageId = (key: string | null): number | null => (key === null ? null : (answers.imageIds.get(key) ?? null));
    const texts = new BinaryCopyWriter();
    for (const { text, imageKey } of newTexts) {
      texts
        .row(TEXT_COLUMN_COUNT)
        .int4(textIds.get(text.key))
        .int4(this.corpusId)
        .uuid(text.key)
        .text(text.content)
        .text(text.type);
      texts.int4(imageId(imageKey)).text(text.page).text(text.title).int4(text.words).int4(this.importJobId);
    }
    const pairs = new BinaryCopyWriter();
    for (const p of newPairs) {
      this.encodePair(pairs, p, textIds, imageId(p.imageKey));
      this.sums.add(p.measures, p.a.words, p.b.words, { score: p.referenceScore, isParaphrase: p.referenceIsParaphrase });
    }
    this.imported += newPairs.length;
    this.textsAdded += newTexts.length;
    const started = performance.now();
    const copies: Array<Promise<void>> = [];
    if (newTexts.length > 0)
      copies.push(this.serial(() => this.copyRows(`COPY "Text" (${TEXT_COLUMNS}) FROM STDIN (FORMAT binary)`, texts.finish())));
    if (newPairs.length > 0)
      copies.push(this.serial(() => this.copyRows(`COPY "Pair" (${PAIR_COLUMNS}) FROM STDIN (FORMAT binary)`, pairs.finish())));
    const done = Promise.all(copies).then(() => void (this.timings.copyMs += performance.now() - started));
    done.catch((error: unknown) => {
      this.failure ??= error;
      this.failedChunk ??= chunk;
    });
    this.copiesDone = Promise.all([this.copiesDone, done]);
    this.copiesDone.catch(() => {}); // recorded in failure above; awaited by commit or close
  }

  private encodePair(w: BinaryCopyWriter, p: PreparedPair, textIds: Map<string, number>, imageId: number | null): void {
    w.row(PAIR_COLUMN_NAMES.length)
      .int4(this.corpusId)
      .int4(textIds.get(p.a.key))
      .int4(textIds.get(p.b.key))
      .int4(imageId)
      .uuid(p.pairKey);
    w.text(p.originalId)
      .text(p.clusterId)
      .jsonb(p.metadata)
      .text(p.referenceLabel)
      .float8(p.referenceScore)
      .bool(p.referenceIsParaphrase);
    w.int4(this.importJobId).int4(p.a.words).int4(p.b.words);
    for (const key of measureKeys) w.float8(p.measures[key]);
    w.textArray(p.semParts);
  }

  /** Streams rows with COPY; resolves when PostgreSQL has them. */
  private copyRows(sql: string, data: Buffer): Promise<void> {
    const stream = this.client.query(copyFrom(sql));
    return new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
      stream.end(data);
    });
  }

  /**
   * Writes the rest, adds the written pairs to the corpus summary, records the job's success with
   * the outcome `describe` gives for the counts, and commits: all of it or none of it happens.
   */
  /** `alsoInTransaction`: more writes that must become visible with the pairs (an import's follow-up job). */
  async commit(
    describe: (written: ImportWriteResult) => Parameters<typeof markImportSucceeded>[2],
    alsoInTransaction?: (query: Query, written: ImportWriteResult) => Promise<void>,
  ): Promise<ImportWriteResult> {
    await this.sendChunk();
    await this.decided;
    await this.copiesDone;
    if (this.failure) throw this.failure as Error;
    const result: ImportWriteResult = {
      received: this.received,
      imported: this.imported,
      duplicates: this.received - this.imported,
      texts: this.textsAdded,
    };
    const query: Query = async (sql, params) => (await this.client.query<Record<string, unknown>>(sql, params)).rows;
    await addToCorpusSummary(
      query,
      this.corpusId,
      { pairs: result.imported, texts: result.texts, sums: this.sums.toCorpusSums() },
      this.corpusWasEmpty,
    );
    await alsoInTransaction?.(query, result);
    await markImportSucceeded(query, this.importJobId, describe(result));
    await this.client.query('COMMIT');
    this.isOpen = false;
    return result;
  }

  /** Rolls back (nothing of the import remains) and closes the connection. */
  async close(): Promise<void> {
    if (this.isOpen) {
      this.isOpen = false;
      await this.decided;
      await this.copiesDone.catch(() => {});
      await this.tail;
      await this.client.query('ROLLBACK').catch(() => {});
    }
    await this.client.end().catch(() => {});
  }
}
