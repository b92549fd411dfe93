import { describe, expect, it } from 'vitest';
import { computeAgreementReport } from './agreement-report';
import { toRatingSlots } from './rating-slots';

describe('toRatingSlots', () => {
  it('moves each unit’s ratings into slots, so Fleiss is defined when every unit has the same count', () => {
    // 4 coders, 3 units, 2 ratings each by different coders
    const coders = [
      ['a', null, 'b'],
      ['a', 'b', null],
      [null, 'b', 'b'],
      [null, null, null],
    ];
    expect(toRatingSlots(coders)).toEqual([
      ['a', 'b', 'b'],
      ['a', 'b', 'b'],
    ]);
    const byCoder = computeAgreementReport({ ratings: coders, level: 'nominal' });
    const bySlot = computeAgreementReport({ ratings: toRatingSlots(coders), level: 'nominal' });
    expect(byCoder.coefficients.fleissKappa.value).toBeNull();
    expect(bySlot.coefficients.fleissKappa.value).not.toBeNull();
    expect(bySlot.coefficients.krippendorffAlpha.value).toBeCloseTo(byCoder.coefficients.krippendorffAlpha.value!, 12);
    expect(toRatingSlots([])).toEqual([]);
  });
});
