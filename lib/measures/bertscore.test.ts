/**
 * BERTScore greedy matching against a hand-computed example (2-D embeddings, worked below), and
 * bert_score's conventions: special tokens are match candidates but carry no weight, empty texts
 * score 0, baseline rescaling per P, R and F.
 */
import { describe, expect, it } from 'vitest';
import {
  computeBertScore,
  normalizeRows,
  rescaleBertScore,
  ROBERTA_LARGE_L17_BASELINE,
  type WeightedTokens,
} from '@/lib/measures/bertscore';

function text(rows: number[][], special: boolean[]): WeightedTokens {
  return {
    tokens: normalizeRows({ rows: rows.length, dim: 2, data: Float32Array.from(rows.flat()) }),
    weights: Float32Array.from(special.map((s) => (s ? 0 : 1))),
  };
}

// Candidate [CLS] c1 c2 [SEP]: (1, 0), (0, 3) (→ (0, 1) after scaling), (0.6, 0.8), (−1, 0).
// Reference [CLS] r1 r2 [SEP]: (1, 0), (0.8, 0.6), (0.96, 0.28), (0, −2) (→ (0, −1)).
const candidate = text(
  [
    [1, 0],
    [0, 3],
    [0.6, 0.8],
    [-1, 0],
  ],
  [true, false, false, true],
);
const reference = text(
  [
    [1, 0],
    [0.8, 0.6],
    [0.96, 0.28],
    [0, -2],
  ],
  [true, false, false, true],
);

describe('computeBertScore', () => {
  it('matches the hand computation', () => {
    // P: c1 → best of (0, 0.6, 0.28, −1) = 0.6; c2 → best of (0.6, 0.96, 0.8, −0.8) = 0.96; P = 0.78.
    // R: r1 → best of (0.8, 0.6, 0.96, −0.8) = 0.96; r2 → best of (0.96, 0.28, 0.8, −0.96) = 0.96,
    //    found at the candidate's [CLS]: special tokens are candidates for matching; R = 0.96.
    // F = 2 · 0.78 · 0.96 / 1.74 = 0.86068966.
    const score = computeBertScore(candidate, reference);
    expect(score.precision).toBeCloseTo(0.78, 6);
    expect(score.recall).toBeCloseTo(0.96, 6);
    expect(score.f1).toBeCloseTo((2 * 0.78 * 0.96) / 1.74, 6);
  });

  it('is symmetric in F and swaps P and R', () => {
    const ab = computeBertScore(candidate, reference);
    const ba = computeBertScore(reference, candidate);
    expect(ba.precision).toBeCloseTo(ab.recall, 12);
    expect(ba.f1).toBeCloseTo(ab.f1, 12);
  });

  it('gives 1 for identical texts and 0 (not NaN) when a text has only special tokens', () => {
    expect(computeBertScore(candidate, candidate).f1).toBeCloseTo(1, 6);
    const empty = text(
      [
        [1, 0],
        [-1, 0],
      ],
      [true, true],
    );
    expect(computeBertScore(empty, reference)).toEqual({ precision: 0, recall: 0, f1: 0 });
    expect(computeBertScore(candidate, empty).f1).toBe(0);
  });

  it('rejects embeddings of different sizes', () => {
    expect(() =>
      computeBertScore(candidate, { tokens: { rows: 1, dim: 3, data: new Float32Array(3) }, weights: Float32Array.of(1) }),
    ).toThrow(RangeError);
  });
});

describe('rescaleBertScore', () => {
  it('rescales P, R and F with their own baseline (bert_score roberta-large layer 17)', () => {
    const rescaled = rescaleBertScore({ precision: 0.9, recall: 0.95, f1: 0.92 }, ROBERTA_LARGE_L17_BASELINE);
    expect(rescaled.precision).toBeCloseTo((0.9 - 0.83150584) / (1 - 0.83150584), 12);
    expect(rescaled.recall).toBeCloseTo((0.95 - 0.8314941) / (1 - 0.8314941), 12);
    expect(rescaled.f1).toBeCloseTo((0.92 - 0.83122575) / (1 - 0.83122575), 12);
    expect(rescaleBertScore({ precision: 0.5, recall: 0.5, f1: 0.5 }, null).f1).toBe(0.5);
  });
});
