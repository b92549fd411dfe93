/**
 * Writes an import in one transaction on a dedicated connection, chunk by chunk, while the importer
 * prepares the next chunk (Node.js and PostgreSQL work on the two cores at once). Per chunk: look
 * up which pair and text keys the corpus already has (this import's earlier chunks included),
 * upsert the images, reserve ids for the new texts, then COPY the new texts and pairs straight
 * into Text and Pair. Duplicates are skipped and counted; file order is kept; memory holds one
 * chunk. Nothing is visible to others before COMMIT; a failure, an invalid record in
 * all-or-nothing mode, or a cancel rolls everything back.
 */
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyBoolean, copyJson, copyNumber, copyText, copyWordArray } from '@/lib/ingest/copy-format';
import type { PreparedPair, PreparedText } from '@/lib/ingest/prepare-pair';
import { UuidBloomFilter } from '@/lib/ingest/bloom-filter';

/** Pairs per chunk: big enough to amortise round trips, small enough to keep memory flat. */
export const CHUNK_PAIRS = 5_000;

const TEXT_COLUMNS = '"id", "corpusId", "contentKey", "content", "type", "imageId", "sourcePage", "sourceTitle", "wordCount", "importJobId"';
const PAIR_COLUMNS = `"corpusId", "textAId", "textBId", "imageId", "pairKey", "originalId", "clusterId", "metadata",
  "referenceLabel", "referenceScore", "referenceIsParaphrase", "importJobId", "lengthA", "lengthB",
  "rouge1", "rougeL", "bleu", "syn", "levenshtein", "ngramOverlap", "lcpOverlap", "sumo",
  "wms", "bertscore", "st", "sem", "delta", "semParts"`;

export interface PublishResult {
  staged: number;
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
  /** the previous chunk's decisions are made and its COPY is queued on the connection */
  private inFlight: Promise<void> = Promise.resolve();
  /** the previous chunk's rows are in the database */
  private copied: Promise<void> = Promise.resolve();
  /** every statement goes through this chain, one at a time and in the order issued */
  private tail: Promise<unknown> = Promise.resolve();
  private failure: unknown = null;
  private staged = 0;
  private imported = 0;
  private textsAdded = 0;
  private isOpen = true;
  /** where the time went, for benchmarks: Node waiting for the database, lookups, COPY */
  readonly timings = { waitMs: 0, lookupMs: 0, copyMs: 0 };

  /**
   * Keys this import has written. When the corpus was empty at the start, a key the filter has
   * never seen cannot be in the database, so only "maybe" keys are looked up.
   */
  private readonly written: UuidBloomFilter | null;

  private constructor(
    private readonly client: pg.Client,
    private readonly corpusId: number,
    private readonly importJobId: number,
    private readonly textSequence: string,
    expectedKeys: number | null,
  ) {
    this.written = expectedKeys === null ? null : new UuidBloomFilter(expectedKeys);
  }

  private mustLookUp(key: string): boolean {
    return this.written === null || this.written.mightContain(key);
  }

  /**
   * Opens the connection and the transaction: one import per corpus at a time (advisory lock), and
   * the corpus row key-share locked (a concurrent delete waits for us, then removes our rows too).
   */
  static async open(connectionString: string, corpusId: number, importJobId: number, expectedPairs = 100_000): Promise<PairImportSession> {
    const client = new pg.Client({ connectionString });
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

  get stagedCount(): number {
    return this.staged;
  }

  /** Queues pairs; a full chunk goes to the database while the caller prepares the next one. */
  async add(pairs: readonly PreparedPair[]): Promise<void> {
    for (const p of pairs) this.buffer.push(p);
    this.staged += pairs.length;
    if (this.buffer.length >= CHUNK_PAIRS) await this.sendChunk();
  }

  private async sendChunk(): Promise<void> {
    const waitStart = performance.now();
    // The next chunk starts as soon as the previous one's COPY is queued (its lookups run after it
    // on the same connection), so the database never waits for Node.js between chunks.
    await this.inFlight;
    this.timings.waitMs += performance.now() - waitStart;
    if (this.failure) throw this.failure as Error;
    if (this.buffer.length === 0) return;
    const chunk = this.buffer;
    this.buffer = [];
    this.inFlight = this.publishChunk(chunk).catch((error: unknown) => {
      this.failure = error;
    });
  }

  /** Runs `op` on the connection after everything issued before it (the next chunk's lookups after this chunk's COPYs). */
  private serial<T>(op: () => Promise<T>): Promise<T> {
    const result = this.tail.then(op);
    this.tail = result.catch(() => {});
    return result;
  }

  private async publishChunk(chunk: PreparedPair[]): Promise<void> {
    const t0 = performance.now();
    // Pairs repeated within the chunk: the first one counts.
    const byKey = new Map<string, PreparedPair>();
    for (const p of chunk) if (!byKey.has(p.pairKey)) byKey.set(p.pairKey, p);
    const candidates = [...byKey.values()];
    const textKeys = new Set<string>();
    const imageUrls = new Map<string, string | null>();
    for (const p of candidates) {
      textKeys.add(p.a.key);
      textKeys.add(p.b.key);
      if (p.imageKey !== null && !imageUrls.has(p.imageKey)) imageUrls.set(p.imageKey, p.imageUrl);
    }
    const c = this.client;
    const pairLookups = [...byKey.keys()].filter((k) => this.mustLookUp(k));
    const textLookups = [...textKeys].filter((k) => this.mustLookUp(k));
    const existingPairs =
      pairLookups.length === 0
        ? { rows: [] as Array<{ pairKey: string }> }
        : await this.serial(() => c.query<{ pairKey: string }>('SELECT "pairKey" FROM "Pair" WHERE "corpusId" = $1 AND "pairKey" = ANY($2::uuid[])', [this.corpusId, pairLookups]));
    const existingTexts =
      textLookups.length === 0
        ? { rows: [] as Array<{ contentKey: string; id: number }> }
        : await this.serial(() =>
            c.query<{ contentKey: string; id: number }>('SELECT "contentKey", "id" FROM "Text" WHERE "corpusId" = $1 AND "contentKey" = ANY($2::uuid[])', [
              this.corpusId,
              textLookups,
            ]),
          );
    const images =
      imageUrls.size === 0
        ? { rows: [] as Array<{ key: string; id: number }> }
        : await this.serial(() =>
            c.query<{ key: string; id: number }>(
              `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::text[]) AS w(key, url)),
                    inserted AS (INSERT INTO "Image" ("key", "url") SELECT key, url FROM wanted ON CONFLICT ("key") DO NOTHING RETURNING "key", "id")
               SELECT "key", "id" FROM inserted
               UNION ALL SELECT i."key", i."id" FROM "Image" i JOIN wanted w ON w.key = i."key"`,
              [[...imageUrls.keys()], [...imageUrls.values()]],
            ),
          );
    const known = new Set(existingPairs.rows.map((r) => r.pairKey));
    const newPairs = candidates.filter((p) => !known.has(p.pairKey));
    const textIds = new Map(existingTexts.rows.map((r) => [r.contentKey, r.id]));
    const imageIds = new Map(images.rows.map((r) => [r.key, r.id]));

    // Texts that new pairs need and the corpus does not have yet, in order of first use.
    const newTexts: Array<{ text: PreparedText; imageKey: string | null }> = [];
    const queued = new Set<string>();
    for (const p of newPairs) {
      for (const text of [p.a, p.b]) {
        if (!textIds.has(text.key) && !queued.has(text.key)) {
          queued.add(text.key);
          newTexts.push({ text, imageKey: p.imageKey });
        }
      }
    }
    if (newTexts.length > 0) {
      const ids = await this.serial(() => c.query<{ id: number }>('SELECT nextval($1::regclass)::int AS id FROM generate_series(1, $2)', [this.textSequence, newTexts.length]));
      newTexts.forEach((t, i) => textIds.set(t.text.key, ids.rows[i]!.id));
    }
    this.timings.lookupMs += performance.now() - t0;

    const t1 = performance.now();
    const imageId = (key: string | null): string => (key === null ? '\\N' : String(imageIds.get(key) ?? '\\N'));
    const textRows = newTexts.map(({ text, imageKey }) =>
      [textIds.get(text.key), this.corpusId, text.key, copyText(text.content), text.type, imageId(imageKey), copyText(text.page), copyText(text.title), text.words, this.importJobId].join('\t'),
    );
    const pairRows = newPairs.map((p) => this.encodePair(p, textIds, imageId(p.imageKey)));
    this.imported += newPairs.length;
    this.textsAdded += newTexts.length;
    for (const p of newPairs) this.written?.add(p.pairKey);
    for (const t of newTexts) this.written?.add(t.text.key);
    // At most two chunks of rows in memory: wait for the one before the previous to be written.
    await this.copied;
    // Both COPYs join the chain now, so the next chunk's lookups run after them.
    const copied = Promise.all([
      this.serial(() => this.copyRows(`COPY "Text" (${TEXT_COLUMNS}) FROM STDIN`, textRows)),
      this.serial(() => this.copyRows(`COPY "Pair" (${PAIR_COLUMNS}) FROM STDIN`, pairRows)),
    ]);
    this.copied = copied.then(() => {
      this.timings.copyMs += performance.now() - t1;
    });
    this.copied.catch(() => {}); // awaited (and reported) by the next chunk or by commit
  }

  private encodePair(p: PreparedPair, textIds: Map<string, number>, imageId: string): string {
    const m = p.measures;
    return [
      this.corpusId,
      textIds.get(p.a.key),
      textIds.get(p.b.key),
      imageId,
      p.pairKey,
      copyText(p.originalId),
      copyText(p.clusterId),
      copyJson(p.metadata),
      copyText(p.referenceLabel),
      copyNumber(p.referenceScore),
      copyBoolean(p.referenceIsParaphrase),
      this.importJobId,
      p.a.words,
      p.b.words,
      copyNumber(m.rouge1),
      copyNumber(m.rougeL),
      copyNumber(m.bleu),
      copyNumber(m.syn),
      copyNumber(m.levenshtein),
      copyNumber(m.ngramOverlap),
      copyNumber(m.lcpOverlap),
      copyNumber(m.sumo),
      copyNumber(m.wms),
      copyNumber(m.bertscore),
      copyNumber(m.st),
      copyNumber(m.sem),
      copyNumber(m.delta),
      copyWordArray(p.semParts),
    ].join('\t');
  }

  /** Streams rows with COPY; resolves when PostgreSQL has them. */
  private copyRows(sql: string, rows: string[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    const stream = this.client.query(copyFrom(sql));
    return new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
      stream.end(`${rows.join('\n')}\n`);
    });
  }

  /** Publishes the rest, records the result in the job row and commits. */
  async commit(): Promise<PublishResult> {
    await this.sendChunk();
    await this.inFlight;
    if (this.failure) throw this.failure as Error;
    await this.copied;
    await this.tail;
    const result: PublishResult = { staged: this.staged, imported: this.imported, duplicates: this.staged - this.imported, texts: this.textsAdded };
    await this.client.query(
      `UPDATE "ImportJob" SET "status" = 'SUCCEEDED', "imported" = $2, "duplicates" = $3, "finishedAt" = now(), "updatedAt" = now() WHERE "id" = $1`,
      [this.importJobId, result.imported, result.duplicates],
    );
    await this.client.query('COMMIT');
    this.isOpen = false;
    return result;
  }

  /** Rolls back (nothing of the import remains) and closes the connection. */
  async close(): Promise<void> {
    if (this.isOpen) {
      this.isOpen = false;
      await this.inFlight.catch(() => {});
      await this.copied.catch(() => {});
      await this.tail;
      await this.client.query('ROLLBACK').catch(() => {});
    }
    await this.client.end().catch(() => {});
  }
}
