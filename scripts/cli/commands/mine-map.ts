/**
 * `paralens mine-map`: the map step alone, as a standard-input to standard-output filter for
 * Spark (`rdd.pipe`) and Hadoop Streaming (docs/mining.md). Input is MediaWiki XML (a dump, or
 * `<page>` records in any grouping) or manifest lines `FILE<TAB>START<TAB>END` naming byte ranges of
 * a multistream .bz2 (or of a plain XML file) on a file system the task can read; output is one
 * reference row per line in COPY text format, for `paralens mine --from-references`.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { open } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { once } from 'node:events';
import { MINING_MODES, type MiningMode } from '@/lib/mining/mining-options';
import { createWinkTagger } from '@/lib/mining/text/wink-tagger';
import { planDump } from '@/lib/services/mining/dump-plan';
import { mapByteRange, mapXmlText } from '@/lib/jobs/mining/map-xml';
import type { CliIo } from '../io';

const usage = `Usage: paralens mine-map [--mode fixed|paper] < input > references.tsv

Reads MediaWiki XML on standard input (a whole dump or any run of <page> elements) and writes one
tab-separated reference row per image reference. When the input does not start with "<", each line
is a manifest entry "FILE<TAB>START<TAB>END": the bytes [START, END) of FILE, a multistream .bz2 cut
at stream boundaries or a plain XML file, are mapped instead. Load the rows with
\`paralens mine --from-references FILE --corpus NAME\`.

  --mode <mode>   fixed (default) or paper: the extraction rules (see docs/mining.md)
  --plan <dump>   instead: print the manifest of a dump (one line per chunk) and exit;
                  with --index for a multistream dump, --chunk-mb for the chunk size (default 32)

Exit code 0 on success, 1 when the input cannot be read (the message names the place), 2 for bad arguments.
`;

class OutputBuffer {
  private parts: string[] = [];
  private size = 0;
  constructor(private readonly io: CliIo) {}
  add(line: string): void {
    this.parts.push(line);
    this.size += line.length;
  }
  async flush(force = false): Promise<void> {
    if (this.size === 0 || (!force && this.size < 1 << 16)) return;
    const text = this.parts.join('');
    this.parts = [];
    this.size = 0;
    if (!this.io.stdout.write(text)) await once(this.io.stdout, 'drain');
  }
}

async function isCompressed(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(3);
    await handle.read(head, 0, 3, 0);
    return head.toString('latin1') === 'BZh';
  } finally {
    await handle.close();
  }
}

async function* manifestRanges(
  first: string,
  rest: AsyncIterable<string>,
): AsyncGenerator<{ line: number; path: string; start: number; end: number }> {
  let pending = first;
  let lineNumber = 0;
  const parse = function* (final: boolean) {
    const lines = pending.split('\n');
    pending = final ? '' : (lines.pop() ?? '');
    for (const raw of lines) {
      lineNumber++;
      const line = raw.trim();
      if (line === '') continue;
      const match = /^(.+?)\s+(\d+)\s+(\d+)$/.exec(line);
      if (!match) throw new Error(`manifest line ${lineNumber}: expected "FILE<TAB>START<TAB>END", found "${line.slice(0, 80)}"`);
      yield { line: lineNumber, path: match[1]!, start: Number(match[2]), end: Number(match[3]) };
    }
  };
  yield* parse(false);
  for await (const text of rest) {
    pending += text;
    yield* parse(false);
  }
  yield* parse(true);
}

async function printPlan(io: CliIo, dump: string, index: string | null, chunkMb: string | undefined): Promise<number> {
  if (chunkMb !== undefined && !/^\d+$/.test(chunkMb)) {
    io.stderr.write('paralens mine-map: --chunk-mb must be a whole number\n');
    return 2;
  }
  try {
    const plan = await planDump(path.resolve(dump), index ? path.resolve(index) : null, 1, Number(chunkMb ?? 32) * 1e6);
    io.stdout.write(plan.chunks.map((c) => `${path.resolve(dump)}\t${c.start}\t${c.end}\n`).join(''));
    return 0;
  } catch (error) {
    io.stderr.write(`paralens mine-map: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let values;
  try {
    values = parseArgs({
      args,
      options: {
        mode: { type: 'string' },
        plan: { type: 'string' },
        index: { type: 'string' },
        'chunk-mb': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    io.stderr.write(`paralens mine-map: ${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  const mode = (values.mode ?? 'fixed') as MiningMode;
  if (!MINING_MODES.includes(mode)) {
    io.stderr.write(`paralens mine-map: --mode must be fixed or paper\n`);
    return 2;
  }
  if (values.plan) return printPlan(io, values.plan, values.index ?? null, values['chunk-mb']);
  const context = { mode, tagger: createWinkTagger() };
  const out = new OutputBuffer(io);
  const decoder = new StringDecoder('utf8');
  const chunks = (io.stdin as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  // The first chunks are read (and decoded) only to tell XML from manifest lines; XML goes on to
  // the map as the bytes it came in.
  const head: (Buffer | string)[] = [];
  const asText = (chunk: Buffer | string) => (typeof chunk === 'string' ? chunk : decoder.write(chunk));
  const rest = (async function* () {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })();
  try {
    let first = '';
    while (first.trim() === '') {
      const next = await chunks.next();
      if (next.done) return 0;
      head.push(next.value);
      first += asText(next.value);
    }
    if (
      first
        .replace(/^\uFEFF/, '')
        .trimStart()
        .startsWith('<')
    ) {
      // Flushing between input chunks keeps memory flat and honours the reader's back-pressure.
      const all = (async function* () {
        yield* head;
        for await (const chunk of rest) {
          await out.flush();
          yield chunk;
        }
      })();
      await mapXmlText(all, context, (line) => out.add(line), 'standard input');
    } else {
      const input = (async function* () {
        for await (const chunk of rest) yield asText(chunk);
        const end = decoder.end();
        if (end) yield end;
      })();
      for await (const range of manifestRanges(first, input)) {
        const result = await mapByteRange(
          { path: range.path, start: range.start, end: range.end, compressed: await isCompressed(range.path) },
          context,
        );
        out.add(result.tsv);
        await out.flush();
      }
    }
    await out.flush(true);
    return 0;
  } catch (error) {
    await out.flush(true).catch(() => {});
    io.stderr.write(`paralens mine-map: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
