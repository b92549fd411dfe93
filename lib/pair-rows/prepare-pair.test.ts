import { describe, expect, it } from 'vitest';
import type { PairRecord } from '@/lib/import/types';
import { countWords, preparePair } from './prepare-pair';
import { computePairKey, computeTextKey } from './content-keys';

const record = (over: Partial<PairRecord> = {}): PairRecord => ({
  lineNumber: 3,
  a: {
    text: 'An Easter postcard from 1907 depicting a rabbit.',
    type: 'caption',
    sourcePage: 'https://en.wikipedia.org/wiki/%C4%92ostre',
  },
  b: { text: 'A 1907 postcard featuring the Easter Bunny.', type: 'caption' },
  image: { url: 'https://commons.wikimedia.org/wiki/File%3AX.jpg', key: 'File:X.jpg' },
  metadata: {},
  similarities: { wms: 0.76, bertscore: 0.76, st: 0.9 },
  ...over,
});

describe('preparePair', () => {
  it('computes the paper measures for Table 5 pair A (EACL 2023)', () => {
    const p = preparePair(record(), 1);
    expect(p.measures.rouge1).toBeCloseTo(0.53, 2);
    expect(p.measures.rougeL).toBeCloseTo(0.13, 2);
    expect(p.measures.bleu).toBeCloseTo(0.14, 2);
    expect(p.measures.syn).toBeCloseTo(0.27, 2);
    expect(p.measures.sem).toBeCloseTo(0.81, 2);
    expect(p.measures.delta).toBeCloseTo(0.54, 2);
    expect(p.semParts).toEqual(['wms', 'bertscore', 'st']);
    expect(p.a).toMatchObject({ type: 'CAPTION', words: 8 });
    expect(p.b.words).toBe(7);
  });

  it('clips BERTScore and ST to [0, 1] and leaves sem null without semantic measures', () => {
    expect(preparePair(record({ similarities: { bertscore: -0.2, st: 1.3 } }), 1).measures).toMatchObject({
      bertscore: 0,
      st: 1,
    });
    const none = preparePair(record({ similarities: {} }), 1);
    expect(none.measures.sem).toBeNull();
    expect(none.measures.delta).toBeNull();
    expect(none.semParts).toEqual([]);
  });

  it('keeps imported syntactic scores in metadata for comparison', () => {
    const p = preparePair(record({ similarities: { rouge1: 0.5, wms: 0.7 } }), 1);
    expect(p.metadata).toEqual({ importedSimilarities: { rouge1: 0.5 } });
  });
});

describe('keys', () => {
  it('a pair is the same in either order, and different texts differ', () => {
    expect(computePairKey('x y', 'z')).toBe(computePairKey('z', 'x y'));
    expect(computePairKey('x y', 'z')).not.toBe(computePairKey('x', 'y z'));
    expect(computePairKey('a', 'b')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('a text is one use: same content on another page or image is another text', () => {
    const key = computeTextKey('CAPTION', 'File:A.jpg', 'p1', 'Same words.');
    expect(computeTextKey('CAPTION', 'File:A.jpg', 'p1', 'Same words.')).toBe(key);
    expect(computeTextKey('CAPTION', 'File:A.jpg', 'p2', 'Same words.')).not.toBe(key);
    expect(computeTextKey('CAPTION', 'File:B.jpg', 'p1', 'Same words.')).not.toBe(key);
    expect(computeTextKey('ALT_TEXT', 'File:A.jpg', 'p1', 'Same words.')).not.toBe(key);
  });

  it('counts words as runs of non-space characters', () => {
    expect(countWords('  Two\twords\n')).toBe(2);
    expect(countWords('')).toBe(0);
    expect(countWords('a\u00a0b c')).toBe(3);
  });
});
