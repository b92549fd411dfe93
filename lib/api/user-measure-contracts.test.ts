import { describe, expect, it } from 'vitest';
import { thresholdsQuery } from './contracts/judgements';

describe('the threshold analysis query', () => {
  it('takes a catalogue key or u.NAME, and refuses other names', () => {
    expect(thresholdsQuery.parse({ measure: 'u.para_prob' })).toMatchObject({ measure: 'u.para_prob', label: 'source' });
    expect(thresholdsQuery.parse({ measure: 'st' }).measure).toBe('st');
    expect(thresholdsQuery.safeParse({ measure: 'u.Para' }).success).toBe(false);
    expect(thresholdsQuery.safeParse({ measure: 'u.bleu' }).success).toBe(false);
    expect(thresholdsQuery.safeParse({ measure: 'para' }).success).toBe(false);
  });
});
