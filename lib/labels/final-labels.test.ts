import { describe, expect, it } from 'vitest';
import { builtInQuestion, type Question } from '@/lib/annotation/questions';
import { decideFinalLabel, decidePairFinal } from './final-labels';

const semantic = builtInQuestion('semantic');
const relation = builtInQuestion('relation');
const loose = builtInQuestion('paraphraseLoose');
const ordinal: Question = { key: 'grade', type: 'choice', label: 'grade', required: true, level: 'ordinal', options: ['low', 'mid', 'high', 'top'].map((v) => ({ value: v, label: v })) };

describe('decideFinalLabel', () => {
  it('unanimous when every answer is the same (one answer included)', () => {
    expect(decideFinalLabel(relation, ['forward', 'forward', 'forward'])).toEqual({ method: 'unanimous', value: 'forward', n: 3 });
    expect(decideFinalLabel(loose, [false])).toEqual({ method: 'unanimous', value: false, n: 1 });
  });

  it('nominal: the majority wins, a tie stays open (Spanish QA study: majority of three)', () => {
    expect(decideFinalLabel(relation, ['forward', 'equivalence', 'forward'])).toEqual({ method: 'majority', value: 'forward', n: 3 });
    expect(decideFinalLabel(loose, [true, false, true])).toEqual({ method: 'majority', value: true, n: 3 });
    expect(decideFinalLabel(relation, ['forward', 'equivalence', 'negation'])).toEqual({ method: 'open', value: null, n: 3 });
    expect(decideFinalLabel(loose, [true, false])).toEqual({ method: 'open', value: null, n: 2 });
  });

  it('Likert: the median (lower middle) when the spread is under the limit, open from 2 points apart (configurable)', () => {
    expect(decideFinalLabel(semantic, [3, 4, 4])).toEqual({ method: 'majority', value: 4, n: 3 });
    expect(decideFinalLabel(semantic, [3, 4])).toEqual({ method: 'majority', value: 3, n: 2 });
    expect(decideFinalLabel(semantic, [2, 4, 4])).toEqual({ method: 'open', value: null, n: 3 });
    expect(decideFinalLabel(semantic, [2, 4, 4], undefined, { openSpread: 3 })).toEqual({ method: 'majority', value: 4, n: 3 });
    expect(decideFinalLabel(semantic, [0, 1, 1, 1], undefined, { openSpread: 1 })).toEqual({ method: 'open', value: null, n: 4 });
  });

  it('ordinal choices follow the option order like Likert', () => {
    expect(decideFinalLabel(ordinal, ['mid', 'high', 'high'])).toEqual({ method: 'majority', value: 'high', n: 3 });
    expect(decideFinalLabel(ordinal, ['low', 'high', 'high'])).toEqual({ method: 'open', value: null, n: 3 });
  });

  it('an adjudicated value overrides everything, open or not', () => {
    expect(decideFinalLabel(relation, ['forward', 'equivalence'], 'reverse')).toEqual({ method: 'adjudicated', value: 'reverse', n: 2 });
    expect(decideFinalLabel(semantic, [], 2)).toEqual({ method: 'adjudicated', value: 2, n: 0 });
    expect(decideFinalLabel(semantic, [])).toEqual({ method: 'open', value: null, n: 0 });
  });
});

describe('decidePairFinal', () => {
  it('decides every labelled question (never free text), adjudication only where given', () => {
    const questions = [semantic, relation, builtInQuestion('rationale')];
    const final = decidePairFinal(
      questions,
      [
        { semantic: 1, relation: 'forward', rationale: 'a' },
        { semantic: 4, relation: 'equivalence' },
      ],
      { relation: 'forward' },
    );
    expect(final).toEqual({ answers: { relation: 'forward' }, method: { semantic: 'open', relation: 'adjudicated' }, n: 2 });
  });
});
