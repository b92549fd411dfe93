/**
 * The index of a Wikipedia multistream dump (`…-multistream-index.txt[.bz2]`): one line per page,
 * `byteOffset:pageId:title`, where the offset is the start of the bz2 stream (100 pages each) that
 * holds the page. A stream runs to the next distinct offset and the last one to the end of the file;
 * the header stream before the first offset holds only `<siteinfo>` (miner-design.md §1). Streams
 * are grouped into chunks of about `targetBytes` compressed bytes; every chunk decompresses on its
 * own, so chunks are the units of parallel work, of resuming and of cluster tasks.
 */
export interface IndexStream {
  offset: number;
  pages: number;
}

export interface DumpChunk {
  index: number;
  start: number;
  /** exclusive */
  end: number;
  /** pages the index lists in the chunk (null when there is no index) */
  pages: number | null;
}

export class IndexFormatError extends Error {
  override name = 'IndexFormatError';
}

const LINE = /^(\d+):(\d+):/;
/** An index line is an offset, an id and a title (at most 255 bytes): anything much longer is not an index. */
export const MAX_INDEX_LINE_CHARS = 64 * 1024;

/** Accumulates index lines into streams; reports the first bad line by number. */
export class IndexReader {
  private readonly streams: IndexStream[] = [];
  private lineNumber = 0;
  private pending = '';

  constructor(private readonly name: string) {}

  push(text: string): void {
    const lines = (this.pending + text).split('\n');
    this.pending = lines.pop() ?? '';
    for (const line of lines) this.readLine(line);
    // A file without line ends (a damaged or wrong file) must not be held whole in memory.
    if (this.pending.length > MAX_INDEX_LINE_CHARS)
      throw new IndexFormatError(
        `${this.name} line ${this.lineNumber + 1}: longer than ${MAX_INDEX_LINE_CHARS.toLocaleString('en')} characters: this is not a multistream index`,
      );
  }

  private readLine(raw: string): void {
    this.lineNumber++;
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') return;
    const match = LINE.exec(line);
    if (!match)
      throw new IndexFormatError(
        `${this.name} line ${this.lineNumber}: expected "offset:pageId:title", found "${line.slice(0, 80)}"`,
      );
    const offset = Number(match[1]);
    const last = this.streams[this.streams.length - 1];
    if (last && offset === last.offset) last.pages++;
    else if (last && offset < last.offset)
      throw new IndexFormatError(
        `${this.name} line ${this.lineNumber}: offset ${offset} is smaller than the one before (${last.offset}); the index must be in file order`,
      );
    else this.streams.push({ offset, pages: 1 });
  }

  finish(): IndexStream[] {
    if (this.pending !== '') this.readLine(this.pending);
    this.pending = '';
    if (this.streams.length === 0) throw new IndexFormatError(`${this.name}: the index lists no pages`);
    return this.streams;
  }
}

/** The smallest chunk a tapered plan makes (a chunk is still at least one stream). */
export const MIN_CHUNK_BYTES = 1 << 20;

/**
 * Groups streams into chunks of about `targetBytes` compressed bytes (at least one stream each).
 * With `taperWorkers`, a chunk is at most half a worker's share of what is left (not below
 * MIN_CHUNK_BYTES), so the chunks shrink towards the end of the file and the workers finish close
 * together, instead of one worker mapping a whole last chunk while the others wait.
 */
export function planChunks(
  streams: readonly IndexStream[],
  fileSize: number,
  targetBytes: number,
  taperWorkers = 0,
): DumpChunk[] {
  const chunks: DumpChunk[] = [];
  let start = -1;
  let pages = 0;
  let limit = targetBytes;
  for (let i = 0; i < streams.length; i++) {
    const stream = streams[i]!;
    const end = streams[i + 1]?.offset ?? fileSize;
    if (start === -1) {
      start = stream.offset;
      limit =
        taperWorkers > 0
          ? Math.min(targetBytes, Math.max(MIN_CHUNK_BYTES, (fileSize - start) / (2 * taperWorkers)))
          : targetBytes;
    }
    pages += stream.pages;
    if (end - start >= limit || i === streams.length - 1) {
      chunks.push({ index: chunks.length, start, end, pages });
      start = -1;
      pages = 0;
    }
  }
  return chunks;
}

/** A chunk size that gives every worker several chunks (for balance and fine-grained resuming). */
export function chooseChunkBytes(compressedBytes: number, workers: number): number {
  const perWorker = compressedBytes / Math.max(1, workers) / 4;
  return Math.max(1 << 20, Math.min(32 << 20, Math.round(perWorker)));
}
