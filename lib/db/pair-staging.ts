/**
 * Writes an import: prepared pairs stream with COPY into a temporary staging table on one
 * dedicated connection; `publish` then moves them into Image, Text and Pair in one transaction
 * (duplicates skipped with ON CONFLICT, file order kept). A failure or an abort leaves nothing
 * behind: the staging table dies with the connection and the transaction rolls back.
 */
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Writable } from 'node:stream';
import { copyBoolean, copyJson, copyNumber, copyText, copyWordArray } from '@/lib/ingest/copy-format';
import type { PreparedPair } from '@/lib/ingest/prepare-pair';

const STAGING_COLUMNS = `
  seq int, key_a text, key_b text, pair_key text,
  a_content text, a_type text, a_page text, a_title text, a_words int,
  b_content text, b_type text, b_page text, b_title text, b_words int,
  image_key text, image_url text, original_id text, cluster_id text, metadata jsonb,
  ref_label text, ref_score float8, ref_para boolean,
  rouge1 float8, rouge_l float8, bleu float8, syn float8, levenshtein float8, ngram float8, lcp float8, sumo float8,
  wms float8, bertscore float8, st float8, sem float8, delta float8, sem_parts text[]`;

export function encodeStagingRow(p: PreparedPair): string {
  const m = p.measures;
  return [
    String(p.seq),
    p.a.key,
    p.b.key,
    p.pairKey,
    copyText(p.a.content),
    p.a.type,
    copyText(p.a.page),
    copyText(p.a.title),
    String(p.a.words),
    copyText(p.b.content),
    p.b.type,
    copyText(p.b.page),
    copyText(p.b.title),
    String(p.b.words),
    copyText(p.imageKey),
    copyText(p.imageUrl),
    copyText(p.originalId),
    copyText(p.clusterId),
    copyJson(p.metadata),
    copyText(p.referenceLabel),
    copyNumber(p.referenceScore),
    copyBoolean(p.referenceIsParaphrase),
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

export interface PublishResult {
  staged: number;
  imported: number;
  duplicates: number;
  texts: number;
  images: number;
}

export class PairStaging {
  private copy: Writable | null = null;
  private copyDone: Promise<void> | null = null;
  private staged = 0;
  private buffer: string[] = [];
  private bufferBytes = 0;

  private constructor(private readonly client: pg.Client) {}

  static async open(connectionString: string): Promise<PairStaging> {
    const client = new pg.Client({ connectionString });
    await client.connect();
    const staging = new PairStaging(client);
    await client.query(`CREATE TEMP TABLE staging_pairs (${STAGING_COLUMNS})`);
    staging.startCopy();
    return staging;
  }

  private startCopy(): void {
    const stream = this.client.query(copyFrom('COPY staging_pairs FROM STDIN'));
    this.copy = stream;
    this.copyDone = new Promise((resolve, reject) => {
      stream.on('finish', () => resolve());
      stream.on('error', reject);
    });
    // Keep the promise from being reported as unhandled before `finish` awaits it.
    this.copyDone.catch(() => {});
  }

  get stagedCount(): number {
    return this.staged;
  }

  /** Queues rows; resolves when the COPY stream can take more (backpressure). */
  async write(pairs: readonly PreparedPair[]): Promise<void> {
    for (const p of pairs) {
      const row = encodeStagingRow(p);
      this.buffer.push(row);
      this.bufferBytes += row.length;
    }
    this.staged += pairs.length;
    if (this.bufferBytes >= 1 << 20) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.buffer.length === 0 || !this.copy) return;
    const chunk = `${this.buffer.join('\n')}\n`;
    this.buffer = [];
    this.bufferBytes = 0;
    if (!this.copy.write(chunk)) {
      const copy = this.copy;
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          copy.off('error', onError);
          resolve();
        };
        const onError = (e: Error) => {
          copy.off('drain', onDrain);
          reject(e);
        };
        copy.once('drain', onDrain);
        copy.once('error', onError);
      });
    }
  }

  /** Ends the COPY; the staged rows are then in the database, not yet published. */
  async finishStaging(): Promise<void> {
    await this.flush();
    this.copy?.end();
    await this.copyDone;
    this.copy = null;
  }

  /** Moves the staged rows into the corpus in one transaction and records the job's result. */
  async publish(corpusId: number, importJobId: number, onStep?: (step: string) => void): Promise<PublishResult> {
    const c = this.client;
    await c.query('BEGIN');
    try {
      onStep?.('images');
      const images = await c.query(
        `INSERT INTO "Image" ("key", "url")
         SELECT image_key, min(image_url) FROM staging_pairs WHERE image_key IS NOT NULL GROUP BY image_key
         ON CONFLICT ("key") DO NOTHING`,
      );
      onStep?.('texts');
      const texts = await c.query(
        `INSERT INTO "Text" ("corpusId", "contentKey", "content", "type", "imageId", "sourcePage", "sourceTitle", "wordCount", "importJobId")
         SELECT $1, t.key, t.content, t.type::"TextType", i."id", t.page, t.title, t.words, $2
         FROM (
           SELECT seq, 0 AS side, key_a AS key, a_content AS content, a_type AS type, a_page AS page, a_title AS title, a_words AS words, image_key FROM staging_pairs
           UNION ALL
           SELECT seq, 1, key_b, b_content, b_type, b_page, b_title, b_words, image_key FROM staging_pairs
         ) t
         LEFT JOIN "Image" i ON i."key" = t.image_key
         ORDER BY t.seq, t.side
         ON CONFLICT ("corpusId", "contentKey") DO NOTHING`,
        [corpusId, importJobId],
      );
      onStep?.('pairs');
      const pairs = await c.query(
        `INSERT INTO "Pair" ("corpusId", "textAId", "textBId", "imageId", "pairKey", "originalId", "clusterId", "metadata",
           "referenceLabel", "referenceScore", "referenceIsParaphrase", "importJobId", "lengthA", "lengthB",
           "rouge1", "rougeL", "bleu", "syn", "levenshtein", "ngramOverlap", "lcpOverlap", "sumo",
           "wms", "bertscore", "st", "sem", "delta", "semParts")
         SELECT $1, ta."id", tb."id", i."id", s.pair_key, s.original_id, s.cluster_id, s.metadata,
           s.ref_label, s.ref_score, s.ref_para, $2, s.a_words, s.b_words,
           s.rouge1, s.rouge_l, s.bleu, s.syn, s.levenshtein, s.ngram, s.lcp, s.sumo,
           s.wms, s.bertscore, s.st, s.sem, s.delta, s.sem_parts
         FROM staging_pairs s
         JOIN "Text" ta ON ta."corpusId" = $1 AND ta."contentKey" = s.key_a
         JOIN "Text" tb ON tb."corpusId" = $1 AND tb."contentKey" = s.key_b
         LEFT JOIN "Image" i ON i."key" = s.image_key
         ORDER BY s.seq
         ON CONFLICT ("corpusId", "pairKey") DO NOTHING`,
        [corpusId, importJobId],
      );
      onStep?.('cleanup');
      // Texts that only belonged to duplicate pairs were inserted above; they must not linger.
      const orphans = await c.query(
        `DELETE FROM "Text" t WHERE t."importJobId" = $1
           AND NOT EXISTS (SELECT 1 FROM "Pair" p WHERE p."textAId" = t."id")
           AND NOT EXISTS (SELECT 1 FROM "Pair" p WHERE p."textBId" = t."id")`,
        [importJobId],
      );
      const imported = pairs.rowCount ?? 0;
      const result: PublishResult = {
        staged: this.staged,
        imported,
        duplicates: this.staged - imported,
        texts: (texts.rowCount ?? 0) - (orphans.rowCount ?? 0),
        images: images.rowCount ?? 0,
      };
      await c.query(
        `UPDATE "ImportJob" SET "status" = 'SUCCEEDED', "imported" = $2, "duplicates" = $3, "finishedAt" = now(), "updatedAt" = now() WHERE "id" = $1`,
        [importJobId, result.imported, result.duplicates],
      );
      await c.query('COMMIT');
      return result;
    } catch (error) {
      await c.query('ROLLBACK').catch(() => {});
      throw error;
    }
  }

  /** Closes the connection; unpublished staged rows vanish with it. */
  async close(): Promise<void> {
    if (this.copy) {
      this.copy.destroy();
      this.copy = null;
    }
    await this.client.end().catch(() => {});
  }
}
