import { describe, expect, it } from 'vitest';
import { builtInQuestion, type Answers, type Question } from '@/lib/annotation/questions';
import { aggregateSamples, toStoredOrder } from './answers-order';

const asked: Question[] = [
  builtInQuestion('semantic'),
  builtInQuestion('paraphraseLoose'),
  builtInQuestion('relation'),
  builtInQuestion('rationale'),
];

describe('toStoredOrder', () => {
  it('swaps forward and reverse back when the texts were shown swapped, nothing else', () => {
    const shown = { semantic: 3, paraphraseLoose: true, relation: 'forward', rationale: 'Text 1 says more.' };
    expect(toStoredOrder(shown, true, asked)).toEqual({ ...shown, relation: 'reverse' });
    expect(toStoredOrder({ ...shown, relation: 'reverse' }, true)).toEqual(shown);
    expect(toStoredOrder({ ...shown, relation: 'intersection' }, true)).toEqual({ ...shown, relation: 'intersection' });
    expect(toStoredOrder(shown, false, asked)).toEqual(shown);
  });

  it('leaves a choice option called forward alone when the questions are given', () => {
    const direction: Question = {
      key: 'dir',
      type: 'choice',
      label: 'Dir',
      required: true,
      options: [
        { value: 'forward', label: 'f' },
        { value: 'back', label: 'b' },
      ],
    };
    expect(toStoredOrder({ dir: 'forward' }, true, [direction])).toEqual({ dir: 'forward' });
  });
});

describe('aggregateSamples', () => {
  it('takes the mode with its vote share, and the mean rating for Likert', () => {
    const samples: Answers[] = [
      { semantic: 3, paraphraseLoose: true, relation: 'forward', rationale: 'first' },
      { semantic: 4, paraphraseLoose: true, relation: 'equivalence', rationale: 'second' },
      { semantic: 3, paraphraseLoose: false, relation: 'forward', rationale: 'third' },
      { semantic: 3, paraphraseLoose: true, relation: 'forward' },
    ];
    expect(aggregateSamples(samples, asked)).toEqual({
      semantic: { value: 3, confidence: 0.75, n: 4, mean: 13 / 4 },
      paraphraseLoose: { value: true, confidence: 0.75, n: 4, mean: null },
      relation: { value: 'forward', confidence: 0.75, n: 4, mean: null },
      rationale: { value: 'first', confidence: null, n: 3, mean: null },
    });
  });

  it('breaks ties toward the value seen first', () => {
    expect(aggregateSamples([{ semantic: 2 }, { semantic: 1 }, { semantic: 1 }, { semantic: 2 }], asked).semantic).toEqual({
      value: 2,
      confidence: 0.5,
      n: 4,
      mean: 1.5,
    });
    expect(aggregateSamples([{ relation: 'negation' }, { relation: 'exclusion' }], asked).relation!.value).toBe('negation');
  });

  it('leaves out questions no sample answered', () => {
    expect(aggregateSamples([], asked)).toEqual({});
    expect(Object.keys(aggregateSamples([{ semantic: 0 }], asked))).toEqual(['semantic']);
  });
});
