/** Messages between the mining worker pool and its worker threads (the task: lib/mining/map-work.ts). */
import type { ChunkResult } from '@/lib/mining/map-work';

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'progress'; index: number; inputBytes: number; xmlBytes: number }
  | { type: 'done'; index: number; result: ChunkResult }
  | {
      type: 'failed';
      index: number;
      message: string;
      isInputError: boolean;
      /** the spool's disk filled (lib/services/mining/xml-source.ts SpoolDiskFullError) */
      diskFull?: { folder: string; neededBytes: number };
    };
