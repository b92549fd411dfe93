/**
 * Sumo (thesis eqs. 4.6-4.7, alpha = beta = 0.5, k = 3). Worked example: thesis Table 5.3,
 * first row, Sumo 0.9903 (23 and 29 words, 13 exclusive links), reproduced with the rouge
 * tokenizer without stemming, as the thesis's Java code did not stem. The other two rows of
 * Table 5.3 (0.9797, 0.9776) do not follow from the printed captions with any tokenization
 * we tried (see docs/metrics.md); they are not asserted.
 */
import { describe, expect, it } from 'vitest';
import { computeSumo } from '@/lib/measures/sumo';
import { tokenize } from '@/lib/measures/tokenize';

const words = (text: string) => (text === '' ? [] : text.split(' '));

describe('computeSumo', () => {
  it('thesis Table 5.3, Fallen Astronaut pair: 0.9903', () => {
    const options = { tokenizer: 'rouge', stem: false } as const;
    const a = tokenize(
      'The Fallen Astronaut memorial on the Moon includes the names of most of the known astronauts and cosmonauts who were killed before 1971',
      options,
    );
    const b = tokenize(
      'Commemorative plaque and the Fallen Astronaut sculpture left on the Moon in 1971 by the crew of Apollo 15 in memory of 14 deceased NASA astronauts and USSR cosmonauts.',
      options,
    );
    expect([a.length, b.length]).toEqual([23, 29]);
    expect(computeSumo(a, b)).toBeCloseTo(0.9903, 4);
  });

  it('S < 1 is returned as is: 0.5 log2(5/3) + 0.5 log2(4/3)', () => {
    expect(computeSumo(words('a b c d'), words('d c b x y'))).toBeCloseTo(0.5 * Math.log2(5 / 3) + 0.5 * Math.log2(4 / 3), 15);
  });

  it('S >= 1 is penalised as exp(-3 S); identical texts (S = 0) score 0', () => {
    const s = 0.5 * Math.log2(4) + 0.5 * Math.log2(3);
    expect(computeSumo(words('a b c'), words('c d e f'))).toBeCloseTo(Math.exp(-3 * s), 15);
    expect(computeSumo(words('a b c'), words('c b a'))).toBe(0);
  });

  it('links are exclusive and case-insensitive; nothing shared is 0; both empty is null', () => {
    // "The the" vs "THE x x": one link only
    expect(computeSumo(words('The the'), words('THE x x'))).toBeCloseTo(
      Math.exp(-3 * (0.5 * Math.log2(3) + 0.5 * Math.log2(2))),
      15,
    );
    expect(computeSumo(words('a b'), words('c d'))).toBe(0);
    expect(computeSumo(words('a b'), [])).toBe(0);
    expect(computeSumo([], [])).toBeNull();
  });
});
