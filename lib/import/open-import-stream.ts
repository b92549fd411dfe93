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
import type { FormatDefinition } from './format-definition';
import { GENERIC_FORMATS, getImportFormat } from './format-registry';
import { readLineBatches } from './read-lines';
import { detectTier, parseTier } from './tier';
import { ImportSetupError, type ImportFormat, type ImportItem, type Tier } from './types';

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
async function* replay(head: readonly Uint8Array[], iterator: AsyncIterator<Uint8Array>, done: boolean): AsyncGenerator<Uint8Array> {
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

function chooseFormat(options: ImportStreamOptions, map: ColumnMap | undefined, sample: ReturnType<typeof buildFormatSample>): { format: FormatDefinition; detected: boolean } {
  if (options.format) {
    const format = getImportFormat(options.format);
    if (map && !GENERIC_FORMATS.includes(format.name)) {
      throw new ImportSetupError(`a column mapping only applies to the formats ${GENERIC_FORMATS.join(', ')}, not ${format.name}`);
    }
    return { format, detected: false };
  }
  return { format: detectFormat(sample, { hasMap: map !== undefined }).format, detected: true };
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
    chosen = chooseFormat(options, map, sample);
  } catch (error) {
    await iterator.return?.();
    throw error;
  }
  const { format, detected } = chosen;
  const parser = format.createParser({ fileName: sample.fileName, ...(map ? { map } : {}), ...(options.header !== undefined ? { header: options.header } : {}) });
  let bytes = 0;

  async function* generateBatches(): AsyncGenerator<ImportItem[]> {
    const lines = readLineBatches(replay(head.chunks, iterator, head.done), {
      onBytes: (n) => {
        bytes += n;
      },
      ...(options.maxLineLength !== undefined ? { maxLineLength: options.maxLineLength } : {}),
    });
    for await (const batch of lines) {
      const out: ImportItem[] = [];
      for (const line of batch) parser.pushLine(line, out);
      if (out.length === 0) continue;
      const fatal = out.findIndex((item) => !item.ok && item.error.fatal === true);
      if (fatal !== -1) {
        yield out.slice(0, fatal + 1);
        return;
      }
      yield out;
    }
    const out: ImportItem[] = [];
    parser.finish(out);
    const fatal = out.findIndex((item) => !item.ok && item.error.fatal === true);
    if (out.length > 0) yield fatal === -1 ? out : out.slice(0, fatal + 1);
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
    candidates: rankFormats(sample, { hasMap: map !== undefined }).map((d) => ({ format: d.format.name, confidence: d.confidence })),
    close: async () => {
      if (claimed) return;
      claimed = true;
      await iterator.return?.();
    },
  };
}
