/**
 * The map phase of a run: the pending chunks go through the worker pool; each finished chunk is
 * COPYed into the staging table and marked done in one transaction (lib/db/mining/mining-staging.ts), and
 * the run's progress (chunks, compressed bytes, XML bytes, MB/s) is written about once a second.
 */
import type { Db } from '@/lib/db/client';
import { type MiningConnection, commitChunk } from '@/lib/db/mining/mining-staging';
import { listPendingChunks, sumDoneChunks, updateMiningProgress } from '@/lib/db/mining/mining-runs';
import { expansionLimit } from '@/lib/mining/dump/expansion-limit';
import { DEFAULT_MAX_PAGE_CHARS } from '@/lib/mining/dump/xml-pages';
import type { MapWorkers } from '@/lib/mining/map-work';

export interface MapProgress {
  chunksDone: number;
  chunksTotal: number;
  bytesDone: number;
  bytesTotal: number;
  xmlBytes: number;
  pages: number;
  references: number;
  /** uncompressed XML MB/s in this session */
  mbPerSecond: number | null;
}

export interface MapPhaseOptions {
  db: Db;
  client: MiningConnection;
  runId: number;
  compressed: boolean;
  /** started by the caller (startMapWorkers), so they boot while the run is planned */
  pool: MapWorkers;
  workers: number;
  chunksTotal: number;
  bytesTotal: number;
  /** where spooled chunks go (the run's folder) */
  runFolder: string;
  /** the absolute cap of XML per chunk of a multistream dump, in bytes (PARALENS_MINING_CHUNK_LIMIT_MB) */
  chunkLimitBytes: number;
  maxPageChars?: number;
  onProgress?: (progress: MapProgress) => void;
  isCancelled?: () => boolean;
}

export async function runMapPhase(o: MapPhaseOptions): Promise<MapProgress> {
  const done = await sumDoneChunks(o.db, o.runId);
  const pending = await listPendingChunks(o.db, o.runId);
  const progress: MapProgress = {
    chunksDone: done.chunks,
    chunksTotal: o.chunksTotal,
    bytesDone: done.bytes,
    bytesTotal: o.bytesTotal,
    xmlBytes: done.xmlBytes,
    pages: done.pages,
    references: done.references,
    mbPerSecond: null,
  };
  const inFlight = new Map<number, { inputBytes: number; xmlBytes: number }>();
  const started = performance.now();
  const xmlAtStart = done.xmlBytes;
  let lastWrite = 0;
  const snapshot = (): MapProgress => {
    let input = 0;
    let xml = 0;
    for (const f of inFlight.values()) {
      input += f.inputBytes;
      xml += f.xmlBytes;
    }
    const seconds = (performance.now() - started) / 1000;
    const xmlBytes = progress.xmlBytes + xml;
    return {
      ...progress,
      bytesDone: progress.bytesDone + input,
      xmlBytes,
      mbPerSecond: seconds > 0.5 ? (xmlBytes - xmlAtStart) / 1e6 / seconds : null,
    };
  };
  const report = async (force: boolean) => {
    const now = performance.now();
    if (!force && now - lastWrite < 1000) return;
    lastWrite = now;
    const view = snapshot();
    o.onProgress?.(view);
    await updateMiningProgress(o.db, o.runId, { phase: 'map', ...view });
  };
  // With one chunk (no index) lbzip2 itself uses every core; with many, one thread per worker.
  const threads = pending.length === 1 ? Math.max(1, o.workers) : 1;
  // Chunks of a multistream dump are at most 32 MB of bz2, so each can be decompressed whole into a
  // temporary file first (xml-source.ts); a single-stream dump is one chunk of any size and streams.
  const spool = o.chunksTotal > 1;
  // Every chunk's decompression is bounded: by the pages the index lists in it, by the absolute cap
  // (chunks of a multistream plan), and by its compressed size (lib/mining/dump/expansion-limit.ts).
  const tasks = pending.map((c) => ({
    index: c.index,
    start: Number(c.start),
    end: Number(c.end),
    expectedPages: c.expectedPages,
    compressed: o.compressed,
    threads,
    spool,
    runFolder: o.runFolder,
    limit: expansionLimit({
      compressedBytes: Number(c.end) - Number(c.start),
      expectedPages: c.expectedPages,
      maxPageBytes: o.maxPageChars ?? DEFAULT_MAX_PAGE_CHARS,
      absoluteBytes: c.expectedPages === null ? null : o.chunkLimitBytes,
    }),
  }));
  const sizes = new Map(tasks.map((t) => [t.index, t.end - t.start]));
  await o.pool.run(tasks, {
    onProgress: (index, inputBytes, xmlBytes) => {
      inFlight.set(index, { inputBytes, xmlBytes });
      void report(false).catch(() => {});
    },
    onDone: async (index, result) => {
      await commitChunk(o.client, o.runId, {
        index,
        tsv: result.tsv,
        pages: result.pages,
        references: result.references,
        xmlBytes: result.xmlBytes,
      });
      inFlight.delete(index);
      progress.chunksDone++;
      progress.bytesDone += sizes.get(index) ?? 0;
      progress.xmlBytes += result.xmlBytes;
      progress.pages += result.pages;
      progress.references += result.references;
      await report(true);
    },
    isCancelled: () => o.isCancelled?.() ?? false,
  });
  const final = snapshot();
  await updateMiningProgress(o.db, o.runId, { ...final });
  return final;
}
