/**
 * Reads a byte range of a dump as UTF-8 XML text: `.bz2` through a spawned `lbzip2 -dc` (Debian's
 * lbzip2, 33-41 MB/s per core here, miner-design.md §1), or `bzip2 -dc` when lbzip2 is missing;
 * plain XML directly. Decompressor failures (a truncated or damaged stream) become a message that
 * names the file and the byte range.
 *
 * A bounded chunk can be *spooled*: the decompressor writes the whole range into an unlinked
 * temporary file at full speed and the map reads it afterwards. Streaming through a pipe makes the
 * decompressor and the map take turns every 64 KB; on this machine that costs bzip2 50-60 % more CPU
 * for the same bytes (docs/mining.md, Speed), and with two workers the map ran a third slower.
 *
 * Every decompression is bounded (lib/mining/dump/expansion-limit.ts): streamed bytes are counted
 * and the decompressor stopped past the limit; a spooled decompressor runs under a file-size limit
 * (`ulimit -f`, RLIMIT_FSIZE), so the kernel stops it at the limit however fast it writes. Either way
 * the range fails with a message that says so, and the spool file (unlinked from the start) is gone.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, createReadStream, fstatSync, mkdirSync, mkdtempSync, openSync, read, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { StringDecoder } from 'node:string_decoder';
import { setting, type Env } from '@/lib/config/settings';
import { DEFAULT_MAX_PAGE_CHARS } from '@/lib/mining/dump/xml-pages';
import { describeExpansion, expansionLimit, type ExpansionLimit } from '@/lib/mining/dump/expansion-limit';

export interface ByteRange {
  path: string;
  start: number;
  /** exclusive */
  end: number;
  compressed: boolean;
}

export type DecompressorTool = 'lbzip2' | 'bzip2';

export class DumpReadError extends Error {
  override name = 'DumpReadError';
}

/** The spool's disk filled while a chunk was decompressed into it (ENOSPC): not the dump's fault, a run can resume. */
export class SpoolDiskFullError extends Error {
  override name = 'SpoolDiskFullError';
  readonly code = 'ENOSPC';
  constructor(
    readonly folder: string,
    /** the most the chunk may take there (its expansion limit) */
    readonly neededBytes: number,
  ) {
    super(`ENOSPC: the disk holding ${folder} filled while a chunk was decompressed`);
  }
}

let found: DecompressorTool | null | undefined;

function works(tool: string): boolean {
  const probe = spawnSync(tool, ['--help'], { stdio: 'ignore' });
  return probe.error === undefined;
}

/** lbzip2 when installed, else bzip2; an error that says what to install when neither is. */
export function findDecompressor(): DecompressorTool {
  if (found === undefined) found = works('lbzip2') ? 'lbzip2' : works('bzip2') ? 'bzip2' : null;
  if (found === null) {
    throw new DumpReadError(
      "Reading .bz2 dumps needs lbzip2 or bzip2, and neither is installed. Install Debian's lbzip2 (apt-get install -y lbzip2; it is the faster one) or bzip2.",
    );
  }
  return found;
}

export function describeRange(range: ByteRange): string {
  return `${range.path} (bytes ${range.start.toLocaleString('en')}–${range.end.toLocaleString('en')})`;
}

export interface ReadCounters {
  /** compressed (or plain) bytes read from the file so far */
  inputBytes: number;
  /** XML bytes produced so far */
  xmlBytes: number;
}

/** The range's XML as text chunks; `counters` is updated as it goes. */
export async function* readXmlText(
  range: ByteRange,
  counters: ReadCounters,
  threads = 1,
  limit?: ExpansionLimit,
): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of readXmlBytes(range, counters, threads, limit)) yield decoder.write(chunk);
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * The bound of a range when the caller has none to give: its compressed size times the ratio
 * (lib/mining/dump/expansion-limit.ts); chunks of a multistream dump get a tighter one.
 */
export function defaultLimit(range: ByteRange): ExpansionLimit {
  return expansionLimit({
    compressedBytes: range.end - range.start,
    expectedPages: null,
    maxPageBytes: DEFAULT_MAX_PAGE_CHARS,
    absoluteBytes: null,
  });
}

export class ExpansionLimitError extends DumpReadError {
  override name = 'ExpansionLimitError';
}

/** The range's XML as UTF-8 bytes, cut anywhere; `counters` is updated as it goes. */
export async function* readXmlBytes(
  range: ByteRange,
  counters: ReadCounters,
  threads = 1,
  limit: ExpansionLimit = defaultLimit(range),
): AsyncGenerator<Buffer> {
  if (range.end <= range.start) return;
  const input = openRange(range, counters);
  if (!range.compressed) {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      counters.xmlBytes += chunk.length;
      yield chunk;
    }
    return;
  }
  const decompressor = startDecompressor(range, input, 'pipe', threads);
  let finished = false;
  let produced = 0;
  try {
    for await (const chunk of decompressor.child.stdout! as AsyncIterable<Buffer>) {
      produced += chunk.length;
      if (produced > limit.bytes) throw new ExpansionLimitError(describeExpansion(describeRange(range), limit));
      counters.xmlBytes += chunk.length;
      yield chunk;
    }
    await decompressor.succeeded();
    finished = true;
  } finally {
    if (!finished) {
      input.destroy();
      decompressor.child.kill();
    }
  }
}

const SPOOL_READ_BYTES = 1 << 20;
const readAt = promisify(read);
/** `ulimit -f` counts 512-byte blocks (POSIX; dash, and bash when it runs as sh). */
const ULIMIT_BLOCK = 512;

/**
 * Where chunks are spooled: PARALENS_SPOOL_DIR when set; else the run's own folder, when the caller
 * has one (`PARALENS_HOME/mining/run-<id>`, lib/services/mining/run-mining.ts); else the temporary
 * folder. On disk, not in /dev/shm: a chunk there is memory, and a damaged chunk must not be able to
 * take the host's memory even up to its limit. A chunk takes up to ~150 MB (32 MB of bz2) while it
 * is mapped, never more than its limit, and is unlinked from the start.
 */
export function spoolDirectory(runFolder?: string, env: Env = process.env): string {
  return setting('PARALENS_SPOOL_DIR', env) ?? runFolder ?? tmpdir();
}

/** The range's bytes as they are (the caller must consume or pipe them in this tick: they flow at once). */
function openRange(range: ByteRange, counters: ReadCounters) {
  const input = createReadStream(range.path, { start: range.start, end: range.end - 1, highWaterMark: 1 << 20 });
  input.on('data', (chunk) => {
    counters.inputBytes += chunk.length;
  });
  return input;
}

/** A range decompressed whole into an unlinked temporary file (see the note at the top). */
export interface SpooledRange {
  /** the XML, read back in 1 MB pieces (each read lets the event loop turn: progress timers run); closes the file at the end */
  chunks(): AsyncGenerator<Buffer>;
  close(): void;
}

export interface SpoolOptions {
  /** decompressor threads */
  threads?: number;
  /** default: defaultLimit(range) */
  limit?: ExpansionLimit;
  /** the run's folder (see spoolDirectory) */
  runFolder?: string;
}

/**
 * Decompresses the range into a temporary file; resolves when the decompressor has finished, and
 * fails with ExpansionLimitError when the range expands beyond its limit. The decompressor is
 * started before this function first yields to the event loop, so work the caller starts next (a
 * worker loading its tagger) overlaps with it.
 */
export async function spoolRange(range: ByteRange, counters: ReadCounters, options: SpoolOptions = {}): Promise<SpooledRange> {
  const limit = options.limit ?? defaultLimit(range);
  const parent = spoolDirectory(options.runFolder);
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  // The file is unlinked before anything is written: whatever happens to this process, nothing stays on disk.
  const dir = mkdtempSync(join(parent, 'paralens-spool-'));
  let fd: number;
  try {
    fd = openSync(join(dir, 'chunk.xml'), 'w+', 0o600);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    closeSync(fd);
  };
  const input = openRange(range, counters);
  const blocks = Math.ceil(limit.bytes / ULIMIT_BLOCK);
  try {
    // The kernel stops the decompressor (SIGXFSZ) when the file would pass the limit.
    const exceeded = () => fstatSync(fd).size >= blocks * ULIMIT_BLOCK;
    await startDecompressor(range, input, fd, options.threads ?? 1, { blocks, exceeded, limit, folder: parent }).succeeded();
  } catch (error) {
    input.destroy();
    close();
    throw error;
  }
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      for (let position = 0; ;) {
        const buffer = Buffer.allocUnsafe(SPOOL_READ_BYTES);
        const { bytesRead } = await readAt(fd, buffer, 0, SPOOL_READ_BYTES, position);
        if (bytesRead === 0) break;
        position += bytesRead;
        counters.xmlBytes += bytesRead;
        yield bytesRead === SPOOL_READ_BYTES ? buffer : buffer.subarray(0, bytesRead);
      }
    } finally {
      close();
    }
  }
  return { chunks, close };
}

/**
 * Spawns the decompressor on the range's bytes, its output going to a pipe or to a file descriptor;
 * with `fileLimit`, under `ulimit -f` (in a shell that then becomes the decompressor).
 */
function startDecompressor(
  range: ByteRange,
  input: ReturnType<typeof createReadStream>,
  output: 'pipe' | number,
  threads: number,
  fileLimit?: { blocks: number; exceeded: () => boolean; limit: ExpansionLimit; folder: string },
) {
  const tool = findDecompressor();
  const args = tool === 'lbzip2' ? ['-dc', '-n', String(Math.max(1, threads))] : ['-dc'];
  const [command, commandArgs] = fileLimit
    ? ['sh', ['-c', 'ulimit -f "$1" && shift && exec "$@"', 'sh', String(fileLimit.blocks), tool, ...args]]
    : [tool, args];
  const child = spawn(command, commandArgs, { stdio: ['pipe', output, 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (text: string) => {
    if (stderr.length < 4096) stderr += text;
  });
  child.stdin!.on('error', () => {}); // the decompressor may exit early on bad data; its exit code tells
  input.on('error', (error) => child.stdin!.destroy(error));
  input.pipe(child.stdin!);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const succeeded = async () => {
    const code = await exited;
    if (fileLimit?.exceeded()) throw new ExpansionLimitError(describeExpansion(describeRange(range), fileLimit.limit));
    if (code !== 0 && fileLimit && /no space left on device/i.test(stderr))
      throw new SpoolDiskFullError(fileLimit.folder, fileLimit.limit.bytes);
    if (code !== 0) {
      const reason =
        stderr
          .split('\n')
          .find((line) => line.trim() !== '')
          ?.replace(/^(?:lbzip2|bzip2): /, '') ?? `exit code ${code}`;
      throw new DumpReadError(
        `${describeRange(range)}: ${tool} could not decompress it (${reason.trim()}): the file is truncated or damaged, or the range does not start at a bz2 stream`,
      );
    }
  };
  return { child, succeeded };
}
