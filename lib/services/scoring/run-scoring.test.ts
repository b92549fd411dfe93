import { describe, expect, it } from 'vitest';
import { nextBatchSize } from './run-scoring';

describe('nextBatchSize', () => {
  it('aims at the target time, changing by at most a factor of 2 per batch, within 100 and 50,000', () => {
    expect(nextBatchSize(1000, 1000, 1.5)).toBe(1500);
    expect(nextBatchSize(1000, 100, 1.5)).toBe(2000);
    expect(nextBatchSize(1000, 7000, 1.5)).toBe(500);
    expect(nextBatchSize(150, 10_000, 1.5)).toBe(100);
    expect(nextBatchSize(40_000, 1, 1.5)).toBe(50_000);
  });
});
