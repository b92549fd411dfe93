import { describe, expect, it } from 'vitest';
import { describeExpansion, expansionLimit } from './expansion-limit';

const MiB = 2 ** 20;

describe('expansionLimit', () => {
  it('is the smallest bound: the pages the index lists, the absolute cap or 100 times the compressed size', () => {
    // the review's bomb: 1.3 MB of bz2 whose 159-byte index lists a page or two
    expect(
      expansionLimit({ compressedBytes: 1.3e6, expectedPages: 2, maxPageBytes: 16 * MiB, absoluteBytes: 1024 * MiB }),
    ).toEqual({
      bytes: 33 * MiB,
      reason: 'what the 2 pages the index lists there can hold (16 MB each at most)',
    });
    // a real chunk: 32 MB of bz2 and thousands of pages
    expect(
      expansionLimit({ compressedBytes: 32 * MiB, expectedPages: 4000, maxPageBytes: 16 * MiB, absoluteBytes: 1024 * MiB }),
    ).toEqual({ bytes: 1024 * MiB, reason: 'the limit per chunk (PARALENS_MINING_CHUNK_LIMIT_MB)' });
    // a single-stream dump (no index, no absolute cap)
    expect(expansionLimit({ compressedBytes: 20e9, expectedPages: null, maxPageBytes: 16 * MiB, absoluteBytes: null })).toEqual({
      bytes: 2e12,
      reason: '100 times its compressed size (a Wikipedia dump expands about 5 times)',
    });
  });

  it('lets a tiny range expand to 1 MiB (the header stream, small test dumps)', () => {
    expect(expansionLimit({ compressedBytes: 200, expectedPages: null, maxPageBytes: 16 * MiB, absoluteBytes: null }).bytes).toBe(
      MiB,
    );
  });

  it('says where, how much and why', () => {
    expect(describeExpansion('dump.xml.bz2 (bytes 0–177)', { bytes: 17 * MiB, reason: 'the limit per chunk' })).toBe(
      'dump.xml.bz2 (bytes 0–177): the bz2 data expands to more than 17 MB of XML, beyond the limit per chunk: the file is damaged or a decompression bomb, so it was not read further',
    );
  });
});
