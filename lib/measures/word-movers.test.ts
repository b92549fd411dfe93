/**
 * WMD / WMS. Reference: fixtures/wmd-reference.json, written by generate-wmd-reference.py with
 * the paper's own stack (gensim KeyedVectors.wmdistance on pyemd, NLTK Porter stems), for ten
 * sentence pairs including repeated words, out-of-vocabulary stems and a stop-words-only text.
 */
import { describe, expect, it } from 'vitest';
import reference from '@/lib/measures/fixtures/wmd-reference.json';
import {
  buildWordBag,
  computeWms,
  computeWordMoversDistance,
  tokenizeForWms,
  type WordVectorLookup,
} from '@/lib/measures/word-movers';

function unitLookup(table: Record<string, number[]>): WordVectorLookup {
  const vectors = new Map<string, Float32Array>();
  for (const [word, values] of Object.entries(table)) {
    const v = Float32Array.from(values);
    const norm = Math.hypot(...v);
    vectors.set(
      word,
      v.map((x) => x / norm),
    );
  }
  return { dimension: 8, vector: (word) => vectors.get(word) };
}

const lookup = unitLookup(reference.vectors);

describe('tokenizeForWms', () => {
  it('gives the paper scorer’s tokens: stems, stop words removed after stemming ("this" → "thi" stays)', () => {
    for (const c of reference.cases) {
      expect(tokenizeForWms(c.a)).toEqual(c.tokensA);
      expect(tokenizeForWms(c.b)).toEqual(c.tokensB);
    }
    expect(tokenizeForWms('This was that.')).toEqual(['thi']);
  });
});

describe('computeWordMoversDistance', () => {
  // pyemd (FastEMD) rounds to a fixed-point grid, so its answers are good to about 1e-6: for the
  // "System of a Down" pair it gives 1.0210952, scipy's exact LP (HiGHS) 1.0210966259, we 1.0210966236.
  it('matches gensim wmdistance on the reference pairs', () => {
    for (const c of reference.cases) {
      const d = computeWordMoversDistance(buildWordBag(c.tokensA, lookup), buildWordBag(c.tokensB, lookup));
      if (c.wmd === null) expect(d).toBe(Infinity);
      else expect(Math.abs(d - c.wmd)).toBeLessThan(5e-6);
    }
  });

  it('is the weighted distance a hand calculation gives', () => {
    // a = (1, 0), b = (0, 1), c = (1, 1)/√2: half of the mass of [a, b] each travels to c,
    // |a − c| = |b − c| = √(2 − √2) ≈ 0.765367 (gensim: 0.7653668581808317).
    const hand: WordVectorLookup = {
      dimension: 2,
      vector: (w) => ({ a: Float32Array.of(1, 0), b: Float32Array.of(0, 1), c: Float32Array.of(Math.SQRT1_2, Math.SQRT1_2) })[w],
    };
    expect(computeWordMoversDistance(buildWordBag(['a', 'b'], hand), buildWordBag(['c'], hand))).toBeCloseTo(
      Math.sqrt(2 - Math.SQRT2),
      6,
    );
    // [a, a, b] → [a, b, b]: one third of the mass moves from a to b (distance √2).
    expect(computeWordMoversDistance(buildWordBag(['a', 'a', 'b'], hand), buildWordBag(['a', 'b', 'b'], hand))).toBeCloseTo(
      Math.SQRT2 / 3,
      6,
    );
    expect(computeWordMoversDistance(buildWordBag(['a', 'b'], hand), buildWordBag(['b', 'a'], hand))).toBe(0);
  });

  it('is infinite when a side has no known word', () => {
    expect(computeWordMoversDistance(buildWordBag([], lookup), buildWordBag(['rabbit'], lookup))).toBe(Infinity);
    expect(computeWordMoversDistance(buildWordBag(['dolmayan'], lookup), buildWordBag(['rabbit'], lookup))).toBe(Infinity);
  });
});

describe('computeWms', () => {
  it('is 1 − WMD/2, 1 for the same words, 0 (never NaN) without known words', () => {
    const c = reference.cases[0]!;
    expect(computeWms(buildWordBag(c.tokensA, lookup), buildWordBag(c.tokensB, lookup))).toBeCloseTo(1 - c.wmd! / 2, 5);
    expect(computeWms(buildWordBag(['rabbit', 'rabbit'], lookup), buildWordBag(['rabbit'], lookup))).toBe(1);
    expect(computeWms(buildWordBag([], lookup), buildWordBag([], lookup))).toBe(0);
    expect(computeWms(buildWordBag(['serf'], lookup), buildWordBag(['rabbit'], lookup))).toBe(0);
  });

  it('stays in [0, 1] for opposite vectors (distance 2)', () => {
    const opposite: WordVectorLookup = {
      dimension: 1,
      vector: (w) => ({ up: Float32Array.of(1), down: Float32Array.of(-1) })[w],
    };
    expect(computeWms(buildWordBag(['up'], opposite), buildWordBag(['down'], opposite))).toBe(0);
  });
});
