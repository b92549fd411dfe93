import { describe, expect, it } from 'vitest';
import { asSentence } from './as-sentence';

describe('asSentence', () => {
  it('upper-cases the first letter and ends with a full stop', () => {
    expect(asSentence('line 3: the score is not a number')).toBe('Line 3: the score is not a number.');
    expect(asSentence('Already upper-case')).toBe('Already upper-case.');
  });
});
