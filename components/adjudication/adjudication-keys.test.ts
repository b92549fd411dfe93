import { describe, expect, it } from 'vitest';
import { builtInQuestion } from '@/lib/annotation/questions';
import { adjudicationKey, adjudicationOptions } from './adjudication-keys';

describe('adjudication keys', () => {
  it('digits choose: Likert values directly, other questions their n-th option', () => {
    expect(adjudicationKey('3', false, builtInQuestion('semantic'))).toEqual({ type: 'choose', value: 3 });
    expect(adjudicationKey('2', false, builtInQuestion('relation'))).toEqual({ type: 'choose', value: 'forward' });
    expect(adjudicationKey('2', false, builtInQuestion('paraphraseLoose'))).toEqual({ type: 'choose', value: false });
    expect(adjudicationKey('7', false, builtInQuestion('relation'))).toBeNull();
    expect(adjudicationOptions(builtInQuestion('relation'))).toHaveLength(6);
  });

  it('moves, saves, pages and leaves the note; typing in the note is not a command', () => {
    expect(adjudicationKey('ArrowDown', false, null)).toEqual({ type: 'move', by: 1 });
    expect(adjudicationKey('Enter', false, null)).toEqual({ type: 'save' });
    expect(adjudicationKey('n', false, null)).toEqual({ type: 'pair', by: 1 });
    expect(adjudicationKey('t', false, null)).toEqual({ type: 'note' });
    expect(adjudicationKey('n', true, null)).toBeNull();
    expect(adjudicationKey('Escape', true, null)).toEqual({ type: 'leaveNote' });
  });
});
