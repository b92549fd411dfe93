/** Messages between the mining worker pool and its worker threads. */
import type { ExpansionLimit } from '@/lib/mining/dump/expansion-limit';
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
  /** the most XML the chunk may expand to (lib/mining/dump/expansion-limit.ts) */
  limit: ExpansionLimit;
  /** the run's folder, where a spooled chunk goes */
  runFolder: string;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'progress'; index: number; inputBytes: number; xmlBytes: number }
  | { type: 'done'; index: number; result: ChunkResult }
  | {
      type: 'failed';
      index: number;
      message: string;
      isInputError: boolean;
      /** the spool's disk filled (xml-source.ts SpoolDiskFullError) */
      diskFull?: { folder: string; neededBytes: number };
    };
