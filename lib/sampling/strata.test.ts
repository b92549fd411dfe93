import { describe, expect, it } from 'vitest';
import { binEdges, binOf, cellStratum, mapBinOf, measureStratum } from './strata';

describe('equal-width bins over the candidates’ range', () => {
  it('puts the minimum in bin 0 and the maximum in the top bin', () => {
    expect(binOf(-0.5, -0.5, 0.5, 5)).toBe(0);
    expect(binOf(0.5, -0.5, 0.5, 5)).toBe(4);
    expect(binOf(0, -0.5, 0.5, 5)).toBe(2);
    expect(binOf(-0.3000001, -0.5, 0.5, 5)).toBe(0);
    expect(binOf(-0.3, -0.5, 0.5, 5)).toBe(1);
  });

  it('puts everything in bin 0 when all candidates have one value', () => {
    expect(binOf(0.7, 0.7, 0.7, 5)).toBe(0);
  });

  it('gives edges that cover the range', () => {
    expect(binEdges(0, 1, 4)).toEqual([
      [0, 0.25],
      [0.25, 0.5],
      [0.5, 0.75],
      [0.75, 1],
    ]);
  });
});

describe('characteristic-map cells (paper Fig. 2: five equal bins on [0, 1])', () => {
  it('bins each axis with 1.0 in the top bin', () => {
    expect([0, 0.19, 0.2, 0.39, 0.4, 0.6, 0.8, 0.99, 1].map(mapBinOf)).toEqual([0, 0, 1, 1, 2, 3, 4, 4, 4]);
  });

  it('labels cells syn first: the Easter postcard pair of Table 5 (syn 0.27, sem 0.81) is in cell 1,4', () => {
    expect(cellStratum(0.27, 0.81)).toBe('cell:1,4');
    expect(measureStratum('delta', 2)).toBe('delta:2');
  });
});
