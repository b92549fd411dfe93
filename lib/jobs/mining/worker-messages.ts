/** Messages between the mining worker pool and its worker threads. */
import type { ChunkResult } from './map-xml';

export interface WorkerTask {
  index: number;
  start: number;
  end: number;
  expectedPages: number | null;
  compressed: boolean;
  /** decompressor threads */
  threads: number;
  /** decompress the chunk whole into a temporary file before mapping it (bounded multistream chunks) */
  spool: boolean;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'progress'; index: number; inputBytes: number; xmlBytes: number }
  | { type: 'done'; index: number; result: ChunkResult }
  | { type: 'failed'; index: number; message: string; isInputError: boolean };
