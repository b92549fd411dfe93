/**
 * Entry point of the import parsers: takes a byte stream and the file's name, reads the first
 * 64 KiB to detect encoding and format (unless the format is given), and returns the stream of
 * validated items plus a byte counter for progress bars. Nothing here touches the file system or
 * the database; the caller decides all-or-nothing versus skip-invalid from the items. Reading
 * stops after a fatal error (one that makes the rest of the file unreadable).
 */
import { parseColumnMap, type ColumnMap } from './column-map';
import { concatBytes, detectEncoding, type TextEncodingName } from './decode-text';
import { buildFormatSample, detectFormat, rankFormats, SNIFF_BYTES } from './detect-format';
import type { FormatDefinition, QaContext } from './format-definition';
import { GENERIC_FORMATS, getImportFormat } from './format-registry';
import { readLineBatches } from './read-lines';
import { detectTier, parseTier } from './tier';
import { ImportSetupError, type ImportFormat, type ImportFunnelStep, type ImportItem, type PairRecord, type Tier } from './types';
import type { ParserOutput } from './format-parser';
import { assertTextHead } from './text-check';
import { checkTextLength, DEFAULT_IMPORT_LIMITS, limitSettingName, type ImportLimits } from './limits';

export interface ImportStreamOptions {
  /** Name of the file (used for detection and the tier); directories are ignored. */
  fileName: string;
  /** Skip detection and read the file in this format. */
  format?: string;
  /** Wikipedia-IPC tier; default: from the file name. */
  tier?: string;
  /** Column mapping for csv / tsv / jsonl, as `a=sentence1,b=sentence2,...` or parsed. */
  map?: string | ColumnMap;
  /** Generic csv / tsv: whether the first record is a header (default true). */
  header?: boolean;
  maxLineLength?: number;
  /** Set size, pair count and text length limits (default DEFAULT_IMPORT_LIMITS). */
  limits?: Readonly<ImportLimits>;
  /** qa-assessed: the questions file, read beforehand (lib/qa-pairs/questions-file.ts). */
  qa?: QaContext;
}

export interface ImportStream {
  format: ImportFormat;
  formatTitle: string;
  /** True when the format was detected rather than given. */
  detected: boolean;
  tier: Tier | undefined;
  encoding: TextEncodingName;
  /** Records and errors in file order. Iterate either `items` or `batches`, once. */
  items: AsyncIterable<ImportItem>;
  /** The same items in arrays, one per chunk read: saves an async step per item on big files. */
  batches: AsyncIterable<ImportItem[]>;
  /** Bytes of the source consumed by the parser so far. */
  bytesRead(): number;
  /** Other formats that fit the first 64 KiB, best first (for a "confirm the format" picker). */
  candidates: { format: ImportFormat; confidence: number }[];
  /** What a set-building format kept at each step (qa-assessed), once the items are read; null for other formats. */
  funnel(): ImportFunnelStep[] | null;
  /** Releases the source without reading it (breaking out of a for-await loop also does). */
  close(): Promise<void>;
}

async function readHead(iterator: AsyncIterator<Uint8Array>): Promise<{ chunks: Uint8Array[]; length: number; done: boolean }> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) return { chunks, length, done: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { chunks, length, done: false };
}

/** The sniffed chunks, then the rest of the source; closes the source if reading stops early. */
async function* replay(
  head: readonly Uint8Array[],
  iterator: AsyncIterator<Uint8Array>,
  done: boolean,
): AsyncGenerator<Uint8Array> {
  let finished = done;
  try {
    yield* head;
    while (!finished) {
      const next = await iterator.next();
      if (next.done) finished = true;
      else yield next.value;
    }
  } finally {
    if (!finished) await iterator.return?.();
  }
}

function chooseFormat(
  options: ImportStreamOptions,
  map: ColumnMap | undefined,
  sample: ReturnType<typeof buildFormatSample>,
): { format: FormatDefinition; detected: boolean } {
  if (options.format) {
    const format = getImportFormat(options.format);
    if (map && !GENERIC_FORMATS.includes(format.name)) {
      throw new ImportSetupError(
        `a column mapping only applies to the formats ${GENERIC_FORMATS.join(', ')}, not ${format.name}`,
      );
    }
    return { format, detected: false };
  }
  return { format: detectFormat(sample, { hasMap: map !== undefined }).format, detected: true };
}

/** Largest batch handed out while a paraphrase set is expanded. */
const EXPANSION_BATCH = 4096;

/**
 * Turns parser output into checked item batches: expands sets lazily, rejects texts over the
 * length limits on their line, and stops with a fatal error when the import would create more
 * pairs than allowed, or after any fatal parser error.
 */
class ItemChecker {
  private pairs = 0;
  stopped = false;

  constructor(private readonly limits: Readonly<ImportLimits>) {}

  *check(out: ParserOutput[]): Generator<ImportItem[]> {
    // The common case (no set to expand): check the records in place and hand the array on.
    if (!out.some((item) => 'expand' in item)) {
      const items = out as ImportItem[];
      for (let i = 0; i < items.length; i++) {
        const item = items[i]!;
        if (!item.ok) {
          if (item.error.fatal === true) {
            this.stopped = true;
            items.length = i + 1;
            break;
          }
          continue;
        }
        if (this.tooMany(1, item.record.lineNumber, '', items, i)) break;
        const problem = this.checkRecord(item.record);
        if (problem) items[i] = problem;
      }
      if (items.length > 0) yield items;
      return;
    }
    let batch: ImportItem[] = [];
    for (const item of out) {
      if ('expand' in item) {
        if (this.tooMany(item.pairCount, item.lineNumber, item.raw, batch, batch.length)) break;
        for (const record of item.pairs()) {
          batch.push(this.checkRecord(record) ?? { ok: true, record });
          if (batch.length >= EXPANSION_BATCH) {
            yield batch;
            batch = [];
          }
        }
        continue;
      }
      if (!item.ok) {
        batch.push(item);
        if (item.error.fatal === true) {
          this.stopped = true;
          break;
        }
        continue;
      }
      if (this.tooMany(1, item.record.lineNumber, '', batch, batch.length)) break;
      batch.push(this.checkRecord(item.record) ?? item);
    }
    if (batch.length > 0) yield batch;
  }

  /** Counts pairs; over the limit, puts the fatal error at `at` (dropping what follows) and stops. */
  private tooMany(count: number, lineNumber: number, raw: string, batch: ImportItem[], at: number): boolean {
    this.pairs += count;
    if (this.pairs <= this.limits.maxPairs) return false;
    const message = `the import would create more than ${this.limits.maxPairs.toLocaleString('en')} pairs, the limit per import (${limitSettingName('maxPairs')}); split the file or raise the limit`;
    batch[at] = { ok: false, error: { lineNumber, message, raw, fatal: true } };
    batch.length = at + 1;
    this.stopped = true;
    return true;
  }

  /** An error item when a text is over the length limits; null when the record is fine. */
  private checkRecord(record: PairRecord): ImportItem | null {
    const problem =
      checkTextLength(record.a.text, 'the first text', this.limits) ??
      checkTextLength(record.b.text, 'the second text', this.limits);
    if (problem === null) return null;
    return {
      ok: false,
      error: {
        lineNumber: record.lineNumber,
        message: problem,
        raw: `${record.a.text.slice(0, 200)}\t${record.b.text.slice(0, 200)}`,
      },
    };
  }
}

export async function openImportStream(source: AsyncIterable<Uint8Array>, options: ImportStreamOptions): Promise<ImportStream> {
  const map = typeof options.map === 'string' ? parseColumnMap(options.map) : options.map;
  const tier = options.tier !== undefined ? parseTier(options.tier) : detectTier(options.fileName);
  const iterator = source[Symbol.asyncIterator]();
  const head = await readHead(iterator);
  const headBytes = concatBytes(head.chunks, head.length);
  const sample = buildFormatSample(headBytes, options.fileName, head.done);
  let chosen: { format: FormatDefinition; detected: boolean };
  try {
    assertTextHead(headBytes, head.done, sample.fileName);
    chosen = chooseFormat(options, map, sample);
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
  const { format, detected } = chosen;
  const limits = options.limits ?? DEFAULT_IMPORT_LIMITS;
  const parser = format.createParser({
    fileName: sample.fileName,
    limits,
    ...(map ? { map } : {}),
    ...(options.header !== undefined ? { header: options.header } : {}),
    ...(options.qa ? { qa: options.qa } : {}),
  });
  let bytes = 0;
  const items = new ItemChecker(limits);

  async function* generateBatches(): AsyncGenerator<ImportItem[]> {
    const lines = readLineBatches(replay(head.chunks, iterator, head.done), {
      onBytes: (n) => {
        bytes += n;
      },
      ...(options.maxLineLength !== undefined ? { maxLineLength: options.maxLineLength } : {}),
    });
    for await (const batch of lines) {
      const out: ParserOutput[] = [];
      for (const line of batch) parser.pushLine(line, out);
      for (const checked of items.check(out)) {
        yield checked;
        if (items.stopped) return;
      }
    }
    const out: ParserOutput[] = [];
    parser.finish(out);
    for (const checked of items.check(out)) {
      yield checked;
      if (items.stopped) return;
    }
  }

  let claimed = false;
  const claim = (): AsyncGenerator<ImportItem[]> => {
    if (claimed) throw new Error('an import stream can be read only once (through items or batches)');
    claimed = true;
    return generateBatches();
  };

  async function* generateItems(): AsyncGenerator<ImportItem> {
    for await (const batch of claim()) yield* batch;
  }

  return {
    format: format.name,
    formatTitle: format.title,
    detected,
    tier,
    encoding: detectEncoding(headBytes).encoding,
    items: { [Symbol.asyncIterator]: () => generateItems() },
    batches: { [Symbol.asyncIterator]: () => claim() },
    bytesRead: () => bytes,
    funnel: () => parser.funnel?.() ?? null,
    candidates: rankFormats(sample, { hasMap: map !== undefined }).map((d) => ({
      format: d.format.name,
      confidence: d.confidence,
    })),
    close: async () => {
      if (claimed) return;
      claimed = true;
      await iterator.return?.();
    },
  };
}
