import { describe, expect, it } from 'vitest';
import { PAPER_TABLE_3 } from '@/lib/mining/funnel';
import { estimateSecondsLeft, formatDelta, formatSeconds, referenceShareSeries } from './mining-format';

describe('mining page formatting', () => {
  it('formats Δ like Table 3', () => {
    expect(formatDelta(undefined, 5)).toBe('–');
    expect(formatDelta(4508808, 941339)).toBe('-79%');
    expect(formatDelta(100, 100)).toBe('0%');
    expect(formatDelta(1000, 999)).toBe('-0%');
  });

  it('estimates the time left from the share read so far', () => {
    expect(estimateSecondsLeft(25, 100, 10)).toBe(30);
    expect(estimateSecondsLeft(0, 100, 10)).toBeNull();
    expect(estimateSecondsLeft(100, 100, 10)).toBe(0);
    expect(formatSeconds(3725)).toBe('1 h 2 min');
    expect(formatSeconds(75)).toBe('1 min 15 s');
  });

  it('charts the share of references left, beside the paper’s', () => {
    const series = referenceShareSeries(PAPER_TABLE_3);
    expect(series[0]).toEqual({ step: '0', run: 1, paper: 1 });
    expect(series[9]!.paper).toBeCloseTo(40131 / 7384368, 10);
    expect(referenceShareSeries([])[3]!.run).toBeNull();
  });
});
