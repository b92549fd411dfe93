/**
 * Reads a byte range of a dump as UTF-8 XML text: `.bz2` through a spawned `lbzip2 -dc` (Debian's
 * lbzip2, 33-41 MB/s per core here, miner-design.md §1), or `bzip2 -dc` when lbzip2 is missing;
 * plain XML directly. Decompressor failures (a truncated or damaged stream) become a message that
 * names the file and the byte range.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

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

let found: DecompressorTool | null | undefined;

function works(tool: string): boolean {
  const probe = spawnSync(tool, ['--help'], { stdio: 'ignore' });
  return probe.error === undefined;
}

/** lbzip2 when installed, else bzip2; an error that says what to install when neither is. */
export function findDecompressor(): DecompressorTool {
  if (found === undefined) found = works('lbzip2') ? 'lbzip2' : works('bzip2') ? 'bzip2' : null;
  if (found === null) {
    throw new DumpReadError('Reading .bz2 dumps needs lbzip2 or bzip2, and neither is installed. Install Debian\'s lbzip2 (apt-get install -y lbzip2; it is the faster one) or bzip2.');
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
export async function* readXmlText(range: ByteRange, counters: ReadCounters, threads = 1): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of readXmlBytes(range, counters, threads)) yield decoder.write(chunk);
  const rest = decoder.end();
  if (rest) yield rest;
}

/** The range's XML as UTF-8 bytes, cut anywhere; `counters` is updated as it goes. */
export async function* readXmlBytes(range: ByteRange, counters: ReadCounters, threads = 1): AsyncGenerator<Buffer> {
  if (range.end <= range.start) return;
  const input = createReadStream(range.path, { start: range.start, end: range.end - 1, highWaterMark: 1 << 20 });
  input.on('data', (chunk) => {
    counters.inputBytes += chunk.length;
  });
  if (!range.compressed) {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      counters.xmlBytes += chunk.length;
      yield chunk;
    }
    return;
  }
  const tool = findDecompressor();
  const child = spawn(tool, tool === 'lbzip2' ? ['-dc', '-n', String(Math.max(1, threads))] : ['-dc'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < 4096) stderr += text;
  });
  child.stdin.on('error', () => {}); // the decompressor may exit early on bad data; its exit code tells
  input.on('error', (error) => child.stdin.destroy(error));
  input.pipe(child.stdin);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  let finished = false;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      counters.xmlBytes += chunk.length;
      yield chunk;
    }
    const code = await exited;
    finished = true;
    if (code !== 0) {
      const reason = stderr.split('\n').find((line) => line.trim() !== '')?.replace(/^(?:lbzip2|bzip2): /, '') ?? `exit code ${code}`;
      throw new DumpReadError(`${describeRange(range)}: ${tool} could not decompress it (${reason.trim()}): the file is truncated or damaged, or the range does not start at a bz2 stream`);
    }
  } finally {
    if (!finished) {
      input.destroy();
      child.kill();
    }
  }
}
