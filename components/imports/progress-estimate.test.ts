import { describe, expect, it } from 'vitest';
import { estimateProgress } from './progress-estimate';

describe('estimateProgress', () => {
  it('extrapolates the rate seen since the first sample', () => {
    expect(estimateProgress({ at: 0, records: 0, fraction: 0.1 }, { at: 10_000, records: 500_000, fraction: 0.6 })).toEqual({
      rate: 50_000,
      secondsLeft: 8,
    });
  });

  it('has no estimate before time passes or progress is made', () => {
    expect(estimateProgress({ at: 5, records: 0, fraction: 0 }, { at: 5, records: 0, fraction: 0 })).toEqual({
      rate: null,
      secondsLeft: null,
    });
    expect(
      estimateProgress({ at: 0, records: 10, fraction: 0.5 }, { at: 1000, records: 10, fraction: 0.5 }).secondsLeft,
    ).toBeNull();
  });
});
