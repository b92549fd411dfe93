import { describe, expect, it } from 'vitest';
import fixtures from './__fixtures__/label-comparison-cases.json';
import { comparableQuestions, compareLabelSets, type LabelCount } from './label-comparison';
import type { Question } from '@/lib/annotation/questions';

/** The per-(mine, other) counts the database hands over for two aligned label lists. */
function countsOf(mine: readonly string[], other: readonly string[]): LabelCount[] {
  const byKey = new Map<string, LabelCount>();
  mine.forEach((m, i) => {
    const key = `${m}\u001f${other[i]}`;
    const c = byKey.get(key) ?? { mine: m, other: other[i]!, n: 0 };
    c.n += 1;
    byKey.set(key, c);
  });
  return [...byKey.values()];
}

describe('two label sets compared (scikit-learn fixtures, generate-label-comparison-cases.py)', () => {
  for (const c of fixtures.cases) {
    it(c.name, () => {
      const isBinary = c.binary !== undefined;
      const counts = [
        ...countsOf(c.mine, c.other),
        { mine: c.order[0]!, other: null, n: 3 },
        { mine: null, other: c.order[1]!, n: 5 },
      ];
      const result = compareLabelSets(counts, c.order, isBinary ? { positive: 'yes', negative: 'no' } : undefined);
      expect(result.categories).toEqual(c.categories);
      expect(result.matrix).toEqual(c.matrix);
      expect([result.n, result.onlyThis, result.onlyOther]).toEqual([c.mine.length, 3, 5]);
      expect(result.agreement).toBeCloseTo(c.agreement, 12);
      expect(result.kappa.value).toBeCloseTo(c.kappa, 12);
      expect(result.kappa.se).toBeCloseTo(c.se, 12);
      expect(result.kappa.ci95![0]).toBeCloseTo(c.ci95[0]!, 12);
      expect(result.kappa.ci95![1]).toBeCloseTo(c.ci95[1]!, 12);
      if (c.binary) {
        expect(result.binary!.precision).toBeCloseTo(c.binary.precision, 12);
        expect(result.binary!.recall).toBeCloseTo(c.binary.recall, 12);
        expect(result.binary!.f1).toBeCloseTo(c.binary.f1, 12);
        expect(result.binary!.tp + result.binary!.fp + result.binary!.fn + result.binary!.tn).toBe(c.mine.length);
      } else expect(result.binary).toBeNull();
    });
  }

  it('undefined figures are null with a reason, never 0 or 1', () => {
    const none = compareLabelSets([{ mine: 'yes', other: null, n: 2 }], ['yes', 'no'], { positive: 'yes', negative: 'no' });
    expect([none.n, none.agreement, none.kappa.value, none.kappa.ci95, none.binary!.precision, none.binary!.f1]).toEqual([
      0,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(none.kappa.reason).toBe('no unit was rated by both coders');
    const oneLabel = compareLabelSets([{ mine: 'yes', other: 'yes', n: 4 }], ['yes', 'no']);
    expect(oneLabel.agreement).toBe(1);
    expect(oneLabel.kappa).toMatchObject({ value: null, ci95: null });
  });
});

describe('which questions a comparison offers', () => {
  const q = (type: Question['type'], options?: string[]): Question => ({
    key: 'k',
    type,
    label: 'k',
    required: true,
    ...(options ? { options: options.map((value) => ({ value, label: value })) } : {}),
  });
  it('the same kind of answer, or choices sharing a value; never free text', () => {
    expect(comparableQuestions(q('boolean'), q('boolean'))).toBe(true);
    expect(comparableQuestions(q('boolean'), q('relation'))).toBe(false);
    expect(comparableQuestions(q('likert'), q('likert'))).toBe(true);
    expect(comparableQuestions(q('text'), q('text'))).toBe(false);
    expect(comparableQuestions(q('choice', ['a', 'b']), q('choice', ['b', 'c']))).toBe(true);
    expect(comparableQuestions(q('choice', ['a', 'b']), q('choice', ['c']))).toBe(false);
  });
});
