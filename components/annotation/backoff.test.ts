import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay } from './backoff';

describe('backoff', () => {
  it('doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffCeiling(n))).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);
    expect(backoffCeiling(1000)).toBe(60000);
    expect(backoffCeiling(0)).toBe(1000);
  });

  it('keeps the delay between half the ceiling and the ceiling', () => {
    expect(backoffDelay(3, () => 0)).toBe(2000);
    expect(backoffDelay(3, () => 0.999999)).toBe(4000);
    expect(backoffDelay(3, () => 0.5)).toBe(3000);
    expect(backoffDelay(20, () => 0.5)).toBe(45000);
  });

  it('clamps a random source outside [0, 1)', () => {
    expect(backoffDelay(1, () => -3)).toBe(500);
    expect(backoffDelay(1, () => 7)).toBe(1000);
  });

  it('honours a custom policy', () => {
    expect(backoffDelay(4, () => 0, { baseMs: 10, capMs: 50 })).toBe(25);
  });
});
