/**
 * The map step over XML: pages are split (lib/mining/dump/xml-pages), namespace-0 articles
 * that are not redirects are mapped to reference rows (lib/mining/map-page), and each row is
 * emitted as one COPY-format line. Shared by the parallel workers, `paralens mine-map` and the tests,
 * so every path produces byte-identical output. Bytes from a file or decompressor are split as
 * byte strings (lib/mining/dump/xml-text.ts); only the tags found are decoded as UTF-8 text.
 */
import { StringDecoder } from 'node:string_decoder';
import { DumpFormatError, PageSplitter } from '@/lib/mining/dump/xml-pages';
import { mapXmlPage, type MapContext } from '@/lib/mining/map-page';
import { encodeReferenceRow } from '@/lib/mining/reference-rows';
import { bytesOfText } from '@/lib/mining/dump/xml-text';
import type { ExpansionLimit } from '@/lib/mining/dump/expansion-limit';
import type { ChunkResult, MapStats } from '@/lib/mining/map-work';
import { describeRange, readXmlBytes, spoolRange, type ByteRange, type ReadCounters } from '@/lib/services/mining/xml-source';

/** XML as UTF-8 bytes (Buffers, cut anywhere) or as text. */
export async function mapXmlText(
  chunks: AsyncIterable<string | Buffer> | Iterable<string | Buffer>,
  context: MapContext,
  emit: (line: string) => void,
  where: string,
  maxPageChars?: number,
): Promise<MapStats> {
  const stats: MapStats = { pages: 0, articles: 0, references: 0 };
  let sawText = false;
  const decoder = new StringDecoder('utf8');
  const splitter = new PageSplitter((page) => {
    stats.pages++;
    if (page.ns !== 0 || page.isRedirect) return;
    stats.articles++;
    for (const row of mapXmlPage(page, context)) {
      stats.references++;
      emit(encodeReferenceRow(row));
    }
  }, maxPageChars);
  try {
    for await (const chunk of chunks) {
      if (typeof chunk === 'string') {
        sawText ||= chunk.trim() !== '';
        splitter.push(bytesOfText(chunk));
      } else {
        sawText ||= decoder.write(chunk).trim() !== '';
        splitter.push(chunk.toString('latin1'));
      }
    }
    splitter.end();
  } catch (error) {
    if (error instanceof DumpFormatError) throw new DumpFormatError(`${where}: ${error.message}`);
    throw error;
  }
  if (stats.pages === 0 && sawText && !splitter.sawMediaWiki)
    throw new DumpFormatError(`${where}: no <page> element found: this is not a MediaWiki XML export`);
  return stats;
}

/**
 * Maps one byte range of a dump. With `expectedPages` (from the multistream index) the number of
 * pages read must match, or the index does not belong to this dump. With `spool` (a bounded chunk)
 * the range is decompressed whole into a temporary file first (in `runFolder`), and a context still
 * loading (the worker's tagger) finishes loading meanwhile. `limit` bounds the XML the range may
 * expand to (default: its compressed size times the ratio, lib/mining/dump/expansion-limit.ts).
 */
export async function mapByteRange(
  range: ByteRange,
  context: MapContext | Promise<MapContext>,
  options: {
    expectedPages?: number | null;
    threads?: number;
    spool?: boolean;
    counters?: ReadCounters;
    maxPageChars?: number;
    limit?: ExpansionLimit;
    runFolder?: string;
  } = {},
): Promise<ChunkResult> {
  const counters = options.counters ?? { inputBytes: 0, xmlBytes: 0 };
  let source: AsyncIterable<Buffer>;
  let ready: MapContext;
  if (range.compressed && options.spool && range.end > range.start) {
    const spooling = spoolRange(range, counters, {
      ...(options.threads ? { threads: options.threads } : {}),
      ...(options.limit ? { limit: options.limit } : {}),
      ...(options.runFolder ? { runFolder: options.runFolder } : {}),
    });
    const [spooled, loaded] = await Promise.allSettled([spooling, context]);
    if (loaded.status === 'rejected') {
      if (spooled.status === 'fulfilled') spooled.value.close();
      throw loaded.reason;
    }
    if (spooled.status === 'rejected') throw spooled.reason;
    source = spooled.value.chunks();
    ready = loaded.value;
  } else {
    ready = await context;
    source = readXmlBytes(range, counters, options.threads, options.limit);
  }
  const lines: string[] = [];
  const stats = await mapXmlText(source, ready, (line) => lines.push(line), describeRange(range), options.maxPageChars);
  const expected = options.expectedPages;
  if (expected !== undefined && expected !== null && expected !== stats.pages) {
    throw new DumpFormatError(
      `${describeRange(range)}: the index lists ${expected} pages in this range but it holds ${stats.pages}: the index does not belong to this dump`,
    );
  }
  return { ...stats, tsv: lines.join(''), xmlBytes: counters.xmlBytes, inputBytes: counters.inputBytes };
}
