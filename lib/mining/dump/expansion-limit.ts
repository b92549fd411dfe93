/**
 * How much XML a byte range of a bz2 dump may decompress to before it is refused as damaged or as
 * a decompression bomb (bz2 turns 200 MB of zeros into 177 bytes, so a few kilobytes could fill a
 * disk or, spooled into /dev/shm, the memory of the host). The smallest of three bounds holds:
 *
 * - **the pages the index lists** in the range, each at most the page limit of the map (16 MiB:
 *   a longer page is refused anyway), plus 1 MiB for the `<siteinfo>` header;
 * - **an absolute cap per chunk** (PARALENS_MINING_CHUNK_LIMIT_MB), for chunks of a multistream
 *   plan, which are at most 32 MB of bz2 (~150 MB of XML); a single-stream dump is one chunk of any
 *   size and is streamed, never spooled, so it has no absolute cap;
 * - **a ratio to the compressed size**: Wikipedia's XML is about 5 times its bz2 (enwiki: 22 GB to
 *   ~100 GB); 100 times leaves room for the most repetitive text and still stops a bomb early.
 */
export const MAX_EXPANSION_RATIO = 100;
/** A range below 10 KB of bz2 may still expand to 1 MiB (small test dumps, the header stream). */
const RATIO_FLOOR_BYTES = 1 << 20;
const HEADER_BYTES = 1 << 20;

export interface ExpansionLimit {
  /** the most XML bytes the range may produce */
  bytes: number;
  /** which bound this is, for the message */
  reason: string;
}

export interface ExpansionInput {
  compressedBytes: number;
  /** pages the multistream index lists in the range; null without an index */
  expectedPages: number | null;
  /** the map's page limit, in bytes */
  maxPageBytes: number;
  /** the absolute cap per chunk in bytes, or null (a single-stream dump) */
  absoluteBytes: number | null;
}

/** In MB of 1,048,576 bytes, as the settings count them (PARALENS_UPLOAD_LIMIT_MB, PARALENS_MINING_CHUNK_LIMIT_MB). */
const mb = (bytes: number) => `${(bytes / 2 ** 20).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

export function expansionLimit(input: ExpansionInput): ExpansionLimit {
  const bounds: ExpansionLimit[] = [
    {
      bytes: Math.max(RATIO_FLOOR_BYTES, input.compressedBytes * MAX_EXPANSION_RATIO),
      reason: `${MAX_EXPANSION_RATIO} times its compressed size (a Wikipedia dump expands about 5 times)`,
    },
  ];
  if (input.expectedPages !== null)
    bounds.push({
      bytes: input.expectedPages * input.maxPageBytes + HEADER_BYTES,
      reason: `what the ${input.expectedPages.toLocaleString('en')} page${input.expectedPages === 1 ? '' : 's'} the index lists there can hold (${mb(input.maxPageBytes)} each at most)`,
    });
  if (input.absoluteBytes !== null)
    bounds.push({ bytes: input.absoluteBytes, reason: `the limit per chunk (PARALENS_MINING_CHUNK_LIMIT_MB)` });
  return bounds.reduce((least, bound) => (bound.bytes < least.bytes ? bound : least));
}

/** The message of a range that went past its limit; `where` names the file and the byte range. */
export function describeExpansion(where: string, limit: ExpansionLimit): string {
  return `${where}: the bz2 data expands to more than ${mb(limit.bytes)} of XML, beyond ${limit.reason}: the file is damaged or a decompression bomb, so it was not read further`;
}
