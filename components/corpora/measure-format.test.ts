import { describe, expect, it } from 'vitest';
import { formatMeasure } from './measure-format';

describe('formatMeasure', () => {
  it('rounds to two digits and shows a dash for missing values', () => {
    expect(formatMeasure(0.5333)).toBe('0.53');
    expect(formatMeasure(null)).toBe('–');
    expect(formatMeasure(Number.NaN)).toBe('–');
  });

  it('never shows negative zero (paper Table 5 prints Δ 0.00 for pair C)', () => {
    expect(formatMeasure(-0.0004)).toBe('0.00');
    expect(formatMeasure(-0.09)).toBe('-0.09');
    expect(formatMeasure(-0.0004, 1)).toBe('0.0');
  });
});
