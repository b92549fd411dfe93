import { describe, expect, it } from 'vitest';
import { builtInQuestion, type Question } from '@/lib/annotation/questions';
import {
  DEFAULT_FINAL_RULES,
  decideFinalLabel,
  decidePairFinal,
  describeFinalMethod,
  describeOpenCount,
  isOpenMethod,
  type FinalRules,
} from './final-labels';

const semantic = builtInQuestion('semantic');
const relation = builtInQuestion('relation');
const loose = builtInQuestion('paraphraseLoose');
const ordinal: Question = {
  key: 'grade',
  type: 'choice',
  label: 'grade',
  required: true,
  level: 'ordinal',
  options: ['low', 'mid', 'high', 'top'].map((v) => ({ value: v, label: v })),
};
const nominal: Question = {
  key: 'nli',
  type: 'choice',
  label: 'NLI',
  required: true,
  level: 'nominal',
  options: ['E', 'N', 'C'].map((v) => ({ value: v, label: v })),
};
const rules = (changes: Partial<FinalRules>): FinalRules => ({ ...DEFAULT_FINAL_RULES, ...changes });

describe('decideFinalLabel', () => {
  it('unanimous when every answer is the same (one answer included)', () => {
    expect(decideFinalLabel(relation, ['forward', 'forward', 'forward'])).toEqual({
      method: 'unanimous',
      value: 'forward',
      n: 3,
    });
    expect(decideFinalLabel(loose, [false])).toEqual({ method: 'unanimous', value: false, n: 1 });
    expect(decideFinalLabel(semantic, [2, 2])).toEqual({ method: 'unanimous', value: 2, n: 2 });
  });

  it('nominal: a strict plurality is the majority, a tie for the most frequent is left open as a tie (Spanish QA study: majority of three)', () => {
    expect(decideFinalLabel(relation, ['forward', 'equivalence', 'forward'])).toEqual({
      method: 'majority',
      value: 'forward',
      n: 3,
    });
    // plurality, not absolute majority: 2 of 5 with the other three all different
    expect(decideFinalLabel(nominal, ['E', 'E', 'N', 'C', 'X'])).toEqual({ method: 'majority', value: 'E', n: 5 });
    expect(decideFinalLabel(relation, ['forward', 'equivalence', 'negation'])).toEqual({ method: 'tie', value: null, n: 3 });
    expect(decideFinalLabel(nominal, ['E', 'E', 'N', 'N', 'C'])).toEqual({ method: 'tie', value: null, n: 5 });
  });

  it('nominal ties stay open whatever the ordered and yes/no rules say', () => {
    for (const orderedTie of ['lower', 'upper', 'open'] as const) {
      for (const yesNoTie of ['open', 'yes', 'no'] as const) {
        expect(decideFinalLabel(relation, ['forward', 'reverse'], undefined, rules({ orderedTie, yesNoTie }))).toEqual({
          method: 'tie',
          value: null,
          n: 2,
        });
      }
    }
  });

  it('yes/no: the answer more than half gave is the majority (MultiPIT crowd: more than 3 of 6; PIT-2015: 3 or more of 5)', () => {
    expect(decideFinalLabel(loose, [true, false, true])).toEqual({ method: 'majority', value: true, n: 3 });
    expect(decideFinalLabel(loose, [true, true, true, true, false, false])).toEqual({ method: 'majority', value: true, n: 6 });
    expect(decideFinalLabel(loose, [true, true, false, false, false])).toEqual({ method: 'majority', value: false, n: 5 });
    // the split rule never touches an uneven vote
    expect(decideFinalLabel(loose, [true, true, false, false, false], undefined, rules({ yesNoTie: 'yes' }))).toEqual({
      method: 'majority',
      value: false,
      n: 5,
    });
  });

  it('yes/no 50/50: open by default; `yes` is the interviews study’s "at least half yes" (the upper median of no < yes); `no` the lower', () => {
    expect(decideFinalLabel(loose, [true, false])).toEqual({ method: 'tie', value: null, n: 2 });
    expect(decideFinalLabel(loose, [true, false, false, true], undefined, rules({ yesNoTie: 'open' }))).toEqual({
      method: 'tie',
      value: null,
      n: 4,
    });
    expect(decideFinalLabel(loose, [true, false], undefined, rules({ yesNoTie: 'yes' }))).toEqual({
      method: 'median',
      value: true,
      n: 2,
      medianRule: 'upper',
    });
    // MultiPIT's crowd rule would leave 3 of 6 undecided (neither >3 nor <3): the `open` rule; the
    // study that counts half as paraphrase: `yes`
    expect(decideFinalLabel(loose, [true, true, true, false, false, false], undefined, rules({ yesNoTie: 'yes' }))).toEqual({
      method: 'median',
      value: true,
      n: 6,
      medianRule: 'upper',
    });
    expect(decideFinalLabel(loose, [false, true, true, false], undefined, rules({ yesNoTie: 'no' }))).toEqual({
      method: 'median',
      value: false,
      n: 4,
      medianRule: 'lower',
    });
    // the ordered rule does not apply to yes/no questions
    expect(decideFinalLabel(loose, [true, false], undefined, rules({ orderedTie: 'upper' }))).toEqual({
      method: 'tie',
      value: null,
      n: 2,
    });
  });

  it('Likert, odd count: the median, no rule needed (3, 4, 4 → 4; 1, 2, 3 → 2)', () => {
    expect(decideFinalLabel(semantic, [3, 4, 4])).toEqual({ method: 'median', value: 4, n: 3 });
    expect(decideFinalLabel(semantic, [3, 1, 2], undefined, rules({ openSpread: 3 }))).toEqual({
      method: 'median',
      value: 2,
      n: 3,
    });
    expect(decideFinalLabel(semantic, [3, 1, 2], undefined, rules({ openSpread: 3, orderedTie: 'open' }))).toEqual({
      method: 'median',
      value: 2,
      n: 3,
    });
  });

  it('Likert, even count with different middle answers: lower by default (2 and 1 → median 1, lower), upper, or a tie', () => {
    expect(decideFinalLabel(semantic, [2, 1])).toEqual({ method: 'median', value: 1, n: 2, medianRule: 'lower' });
    expect(decideFinalLabel(semantic, [2, 1], undefined, rules({ orderedTie: 'upper' }))).toEqual({
      method: 'median',
      value: 2,
      n: 2,
      medianRule: 'upper',
    });
    expect(decideFinalLabel(semantic, [2, 1], undefined, rules({ orderedTie: 'open' }))).toEqual({
      method: 'tie',
      value: null,
      n: 2,
    });
    // sorted 1 2 3 4: middles 2 and 3
    const wide = rules({ openSpread: 4 });
    expect(decideFinalLabel(semantic, [4, 1, 3, 2], undefined, wide)).toEqual({
      method: 'median',
      value: 2,
      n: 4,
      medianRule: 'lower',
    });
    expect(decideFinalLabel(semantic, [4, 1, 3, 2], undefined, { ...wide, orderedTie: 'upper' })).toEqual({
      method: 'median',
      value: 3,
      n: 4,
      medianRule: 'upper',
    });
  });

  it('Likert, even count with equal middle answers: the median without a rule, whatever the rule (1 2 2 3 → 2)', () => {
    for (const orderedTie of ['lower', 'upper', 'open'] as const) {
      expect(decideFinalLabel(semantic, [3, 2, 1, 2], undefined, rules({ openSpread: 3, orderedTie }))).toEqual({
        method: 'median',
        value: 2,
        n: 4,
      });
    }
  });

  it('ordered answers the open spread apart or more are left open as a spread, before any tie rule', () => {
    expect(decideFinalLabel(semantic, [2, 4, 4])).toEqual({ method: 'spread', value: null, n: 3 });
    expect(decideFinalLabel(semantic, [2, 4], undefined, rules({ orderedTie: 'upper' }))).toEqual({
      method: 'spread',
      value: null,
      n: 2,
    });
    expect(decideFinalLabel(semantic, [2, 4, 4], undefined, rules({ openSpread: 3 }))).toEqual({
      method: 'median',
      value: 4,
      n: 3,
    });
    expect(decideFinalLabel(semantic, [0, 1, 1, 1], undefined, rules({ openSpread: 1 }))).toEqual({
      method: 'spread',
      value: null,
      n: 4,
    });
  });

  it('ordinal choices follow the option order like Likert', () => {
    expect(decideFinalLabel(ordinal, ['mid', 'high', 'high'])).toEqual({ method: 'median', value: 'high', n: 3 });
    expect(decideFinalLabel(ordinal, ['low', 'high', 'high'])).toEqual({ method: 'spread', value: null, n: 3 });
    expect(decideFinalLabel(ordinal, ['high', 'mid'])).toEqual({ method: 'median', value: 'mid', n: 2, medianRule: 'lower' });
    expect(decideFinalLabel(ordinal, ['high', 'mid'], undefined, rules({ orderedTie: 'upper' }))).toEqual({
      method: 'median',
      value: 'high',
      n: 2,
      medianRule: 'upper',
    });
    expect(decideFinalLabel(ordinal, ['high', 'mid'], undefined, rules({ orderedTie: 'open' }))).toEqual({
      method: 'tie',
      value: null,
      n: 2,
    });
  });

  it('an adjudicated value overrides everything, open or not; nothing counted is unanswered', () => {
    expect(decideFinalLabel(relation, ['forward', 'equivalence'], 'reverse')).toEqual({
      method: 'adjudicated',
      value: 'reverse',
      n: 2,
    });
    expect(decideFinalLabel(semantic, [], 2)).toEqual({ method: 'adjudicated', value: 2, n: 0 });
    expect(decideFinalLabel(semantic, [])).toEqual({ method: 'unanswered', value: null, n: 0 });
  });
});

describe('decideFinalLabel under a vote rule', () => {
  const votes = (yes: number, no: number) => [...Array<boolean>(yes).fill(true), ...Array<boolean>(no).fill(false)];
  const decide = (yesNoRule: FinalRules['yesNoRule'], yes: number, no: number) =>
    decideFinalLabel(loose, votes(yes, no), undefined, rules({ yesNoRule }));

  it('MultiPIT crowd (Dou et al. 2022, sec. 5): >3 of 6 yes, <3 no, 3 discarded; unanimous where all agree', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((yes) => decide('multipitCrowd', yes, 6 - yes).method)).toEqual([
      'unanimous',
      'vote',
      'vote',
      'discarded',
      'vote',
      'vote',
      'unanimous',
    ]);
    expect([0, 1, 2, 3, 4, 5, 6].map((yes) => decide('multipitCrowd', yes, 6 - yes).value)).toEqual([
      false,
      false,
      false,
      null,
      true,
      true,
      true,
    ]);
    // the threshold-4 variant: 4 of 6 is set aside, 3 of 6 is no
    expect([2, 3, 4, 5].map((yes) => decide('multipitThreshold4', yes, 6 - yes))).toEqual([
      { method: 'vote', value: false, n: 6 },
      { method: 'vote', value: false, n: 6 },
      { method: 'discarded', value: null, n: 6 },
      { method: 'vote', value: true, n: 6 },
    ]);
  });

  it('PIT-2015 leaves its debatable 2 of 5 open for adjudication (tie); the Spanish study: at least two of three', () => {
    expect([0, 1, 2, 3, 5].map((yes) => decide('pit2015', yes, 5 - yes).method)).toEqual([
      'unanimous',
      'vote',
      'tie',
      'vote',
      'unanimous',
    ]);
    expect(decide('pit2015', 3, 2).value).toBe(true);
    expect([0, 1, 2, 3].map((yes) => decide('twoOfThree', yes, 3 - yes).value)).toEqual([false, false, true, true]);
  });

  it('with fewer answers than the rule counts, decides only what the missing votes can no longer change, else pending', () => {
    // MultiPIT: 4 yes of 4 can only be yes; 0 yes of 4 can at most reach 2 of 6: no; 1 yes of 4 could still be 3: pending
    expect(decide('multipitCrowd', 4, 0)).toEqual({ method: 'unanimous', value: true, n: 4 });
    expect(decide('multipitCrowd', 0, 4)).toEqual({ method: 'unanimous', value: false, n: 4 });
    expect(decide('multipitCrowd', 1, 3)).toEqual({ method: 'pending', value: null, n: 4 });
    expect(decide('multipitCrowd', 3, 0)).toEqual({ method: 'pending', value: null, n: 3 });
    expect(decide('twoOfThree', 2, 0)).toEqual({ method: 'unanimous', value: true, n: 2 });
    expect(decide('twoOfThree', 1, 1)).toEqual({ method: 'pending', value: null, n: 2 });
    // an adjudicator still decides; other question kinds ignore the rule
    expect(decideFinalLabel(loose, votes(3, 3), false, rules({ yesNoRule: 'multipitCrowd' }))).toEqual({
      method: 'adjudicated',
      value: false,
      n: 6,
    });
    expect(
      decideFinalLabel(relation, ['forward', 'forward', 'reverse'], undefined, rules({ yesNoRule: 'multipitCrowd' })),
    ).toEqual({ method: 'majority', value: 'forward', n: 3 });
  });

  it('pending and discarded are not open for adjudication; tie is', () => {
    expect(isOpenMethod('pending')).toBe(false);
    expect(isOpenMethod('discarded')).toBe(false);
    expect(isOpenMethod('tie')).toBe(true);
  });
});

describe('describeOpenCount', () => {
  it('names both units of what is left to adjudicate', () => {
    expect(describeOpenCount({ pairs: 2, labels: 3 })).toBe('2 pairs open (3 labels)');
    expect(describeOpenCount({ pairs: 1, labels: 1 })).toBe('1 pair open (1 label)');
    expect(describeOpenCount({ pairs: 0, labels: 0 })).toBe('nothing open');
  });
});

describe('describeFinalMethod', () => {
  it('says how a label came about in words, with the middle answer taken where it mattered', () => {
    expect(describeFinalMethod('median', 'lower')).toBe('median of the answers, lower middle');
    expect(describeFinalMethod('median', null)).toBe('median of the answers');
    expect(describeFinalMethod('tie')).toBe('tied (open)');
    expect(describeFinalMethod('majority')).toBe('majority of the answers');
  });
});

describe('decidePairFinal', () => {
  it('decides every labelled question (never free text), adjudication only where given, and records the median rule', () => {
    const questions = [semantic, relation, loose, builtInQuestion('rationale')];
    const final = decidePairFinal(
      questions,
      [
        { semantic: 1, relation: 'forward', paraphraseLoose: true, rationale: 'a' },
        { semantic: 2, relation: 'equivalence', paraphraseLoose: false },
      ],
      { relation: 'forward' },
      rules({ orderedTie: 'upper', yesNoTie: 'no' }),
    );
    expect(final).toEqual({
      answers: { semantic: 2, relation: 'forward', paraphraseLoose: false },
      method: { semantic: 'median', relation: 'adjudicated', paraphraseLoose: 'median' },
      medianRule: { semantic: 'upper', paraphraseLoose: 'lower' },
      n: 2,
    });
    expect(decidePairFinal([semantic], [{ semantic: 1 }, { semantic: 4 }], null)).toEqual({
      answers: {},
      method: { semantic: 'spread' },
      medianRule: {},
      n: 2,
    });
  });
});
