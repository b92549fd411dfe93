/**
 * What a mining run (lib/services/mining/run-mining.ts) and its map workers (lib/jobs/mining/worker-pool.ts)
 * agree on: the task a worker maps, what it hands back, and the pool the run drives. The run receives
 * the pool's starter from its caller (the job runner or the command), so the use case knows the
 * workers by this contract only.
 */
import type { ExpansionLimit } from './dump/expansion-limit';
import type { MiningMode } from './mining-options';

export interface MapStats {
  /** every page element read (all namespaces) */
  pages: number;
  /** namespace-0 pages that are not redirects */
  articles: number;
  references: number;
}

/** One chunk mapped: its reference rows in COPY text format, and what was read. */
export interface ChunkResult extends MapStats {
  tsv: string;
  xmlBytes: number;
  inputBytes: number;
}

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

export interface WorkerOptions {
  workers: number;
  path: string;
  mode: MiningMode;
  /** pages longer than this are an error (default: DEFAULT_MAX_PAGE_CHARS) */
  maxPageChars?: number;
}

export interface PoolHandlers {
  onProgress: (index: number, inputBytes: number, xmlBytes: number) => void;
  onDone: (index: number, result: ChunkResult) => Promise<void>;
  isCancelled: () => boolean;
}

export interface MapWorkers {
  /** Maps the tasks; at most once per pool. */
  run(tasks: readonly WorkerTask[], handlers: PoolHandlers): Promise<void>;
  close(): Promise<void>;
}

/** Boots the map workers at once, so they load while the run is still being planned. */
export type StartMapWorkers = (options: WorkerOptions) => MapWorkers;

export class MiningCancelled extends Error {
  override name = 'MiningCancelled';
}
