/**
 * Pooling as sentence-transformers' Pooling module computes it (models/Pooling.py), on a
 * 3-token, 2-dimension example worked by hand, and the cosine used for the ST measure.
 */
import { describe, expect, it } from 'vitest';
import { cosineSimilarity, parsePoolingConfig, poolTokens, type TokenMatrix } from '@/lib/measures/pooling';

const tokens: TokenMatrix = { rows: 3, dim: 2, data: Float32Array.of(1, 2, 3, -4, 5, 0) };

describe('poolTokens', () => {
  it('computes each mode by hand', () => {
    expect(Array.from(poolTokens(tokens, ['mean']))).toEqual([3, -2 / 3].map(Math.fround));
    expect(Array.from(poolTokens(tokens, ['cls']))).toEqual([1, 2]);
    expect(Array.from(poolTokens(tokens, ['lastToken']))).toEqual([5, 0]);
    expect(Array.from(poolTokens(tokens, ['max']))).toEqual([5, 2]);
    // Σ x / √3
    expect(Array.from(poolTokens(tokens, ['meanSqrtLen']))).toEqual([9 / Math.sqrt(3), -2 / Math.sqrt(3)].map(Math.fround));
    // weights 1, 2, 3: (1·1 + 2·3 + 3·5) / 6, (1·2 − 2·4 + 0) / 6
    expect(Array.from(poolTokens(tokens, ['weightedMean']))).toEqual([22 / 6, -6 / 6].map(Math.fround));
  });

  it('concatenates several modes in sentence-transformers order', () => {
    expect(Array.from(poolTokens(tokens, ['cls', 'max']))).toEqual([1, 2, 5, 2]);
  });
});

describe('parsePoolingConfig', () => {
  it('reads the modes a 1_Pooling/config.json switches on', () => {
    // paraphrase-mpnet-base-v2's 1_Pooling/config.json
    expect(
      parsePoolingConfig({
        word_embedding_dimension: 768,
        pooling_mode_cls_token: false,
        pooling_mode_mean_tokens: true,
        pooling_mode_max_tokens: false,
        pooling_mode_mean_sqrt_len_tokens: false,
      }),
    ).toEqual(['mean']);
    expect(parsePoolingConfig({ pooling_mode_max_tokens: true, pooling_mode_cls_token: true })).toEqual(['cls', 'max']);
  });

  it('rejects a configuration without a mode', () => {
    expect(() => parsePoolingConfig({ pooling_mode_mean_tokens: false })).toThrow(/no pooling mode/);
    expect(() => parsePoolingConfig('mean')).toThrow(/not a JSON object/);
  });
});

describe('cosineSimilarity', () => {
  it('is the cosine, and 0 for a zero vector', () => {
    expect(cosineSimilarity([1, 0], [1, 1])).toBeCloseTo(Math.SQRT1_2, 12);
    expect(cosineSimilarity([1, 2], [-1, -2])).toBeCloseTo(-1, 12);
    expect(cosineSimilarity([0, 0], [1, 1])).toBe(0);
    expect(() => cosineSimilarity([1], [1, 2])).toThrow(RangeError);
  });
});
