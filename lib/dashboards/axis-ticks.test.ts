import { describe, expect, it } from 'vitest';
import { niceStep, niceTicks, scoreDomain } from './axis-ticks';

describe('round axis ticks', () => {
  it('steps of 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(1)).toBe(0.2);
    expect(niceStep(0.38)).toBe(0.1);
    expect(niceStep(4)).toBe(1);
    expect(niceStep(100, 5)).toBe(25);
    expect(niceStep(0)).toBe(1);
  });

  it('a share up to 38 % reads 0, 10, 20, 30, 40 %, not 10 / 19 / 28 / 38', () => {
    expect(niceTicks(0, 0.38).map((t) => Math.round(t * 100))).toEqual([0, 10, 20, 30, 40]);
  });

  it("the unit interval in fifths, SICK's 1-5 scale in whole points, a rating scale whole", () => {
    expect(niceTicks(0, 1)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(1, 5, { integers: true })).toEqual([1, 2, 3, 4, 5]);
    expect(niceTicks(0, 5, { integers: true })).toEqual([0, 1, 2, 3, 4, 5]);
    expect(niceTicks(-0.3, 0.7)).toEqual([-0.4, -0.2, 0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(2, 2)).toEqual([2]);
  });

  it('a score axis keeps [0, 1] for values within it and whole points around others', () => {
    expect(scoreDomain([0.1, 0.93])).toEqual([0, 1]);
    expect(scoreDomain([1.9, 4.8])).toEqual([1, 5]);
    expect(scoreDomain([0, 5])).toEqual([0, 5]);
    expect(scoreDomain([3, 3])).toEqual([3, 4]);
    expect(scoreDomain([])).toEqual([0, 1]);
  });
});
