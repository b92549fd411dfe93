import { describe, expect, it } from 'vitest';
import { computePairKey } from '@/lib/pair-rows/content-keys';
import { DEFAULT_IMPORT_LIMITS } from '@/lib/import/limits';
import type { AnnotationRow } from './annotation-import';
import { planAddedPairs } from './pair-additions';

const row = (line: number, a: string, b: string, originalId?: string): AnnotationRow => ({
  line,
  pair: originalId === undefined ? { texts: [a, b] } : { originalId, texts: [a, b] },
  annotator: 'x',
  answers: {},
});

describe('pairs created by --add-pairs', () => {
  it('each pair once, in the file order; the other direction goes to the reversed corpus', () => {
    const plan = planAddedPairs(
      [row(2, 'A', 'B', '1'), row(3, 'A', 'B', '1'), row(4, 'B', 'A', '1b'), row(5, 'C', 'D')],
      new Map(),
      DEFAULT_IMPORT_LIMITS,
    );
    expect(plan.errors).toEqual([]);
    expect(plan.pairs).toEqual([
      { target: 'main', a: 'A', b: 'B', originalId: '1', line: 2 },
      { target: 'reversed', a: 'B', b: 'A', originalId: '1b', line: 4 },
      { target: 'main', a: 'C', b: 'D', originalId: null, line: 5 },
    ]);
  });

  it('what the corpora already hold decides the target; the same order twice, an id with two texts and unusable texts are errors', () => {
    const occupied = new Map([
      [computePairKey('A', 'B'), { main: 'B' }],
      [computePairKey('E', 'F'), { main: 'E', reversed: 'F' }],
      [computePairKey('G', 'H'), { main: 'G' }],
    ]);
    const plan = planAddedPairs(
      [
        row(2, 'A', 'B', '1'),
        row(3, 'E', 'F', '7'),
        row(4, 'G', 'H'),
        row(5, 'X', 'Y', '9'),
        row(6, 'X', 'Z', '9'),
        row(7, 'P', ' '),
      ],
      occupied,
      DEFAULT_IMPORT_LIMITS,
    );
    expect(plan.pairs).toEqual([
      { target: 'reversed', a: 'A', b: 'B', originalId: '1', line: 2 },
      { target: 'main', a: 'X', b: 'Y', originalId: '9', line: 5 },
    ]);
    expect(plan.errors).toEqual([
      { line: 3, message: 'the corpus already holds these two texts in this order under another original id than "7"' },
      { line: 4, message: 'the corpus already holds these two texts in this order' },
      { line: 6, message: 'the original id "9" has other texts on line 5' },
      { line: 7, message: 'text b is empty' },
    ]);
  });

  it('a row without texts cannot get a pair; a text over the limit is refused with the limit', () => {
    const noTexts: AnnotationRow = { line: 2, pair: { originalId: '1' }, annotator: 'x', answers: {} };
    const plan = planAddedPairs([noTexts, row(3, 'a'.repeat(11), 'b')], new Map(), {
      ...DEFAULT_IMPORT_LIMITS,
      maxTextChars: 10,
    });
    expect(plan.errors[0]).toEqual({ line: 2, message: 'a text is missing, so its pair cannot be created' });
    expect(plan.errors[1]!.message).toMatch(/^text a has 11 characters; the limit is 10/);
  });
});
