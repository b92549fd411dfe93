/**
 * Word-level normalised Levenshtein distance. Worked example: thesis sec. 4.9.1 ("This
 * statement is true" / "This statement is false" have a normalised word-based Levenshtein
 * distance of 0.25). The other values are hand-computed edit distances.
 */
import { describe, expect, it } from 'vitest';
import { computeNormalizedLevenshtein } from '@/lib/measures/levenshtein';

const words = (text: string) => (text === '' ? [] : text.split(' '));

describe('computeNormalizedLevenshtein', () => {
  it('thesis example: one substitution in four words is 0.25', () => {
    expect(computeNormalizedLevenshtein(words('This statement is true'), words('This statement is false'))).toBe(0.25);
  });

  it('stores a distance: 0 for identical (ignoring case), 1 when nothing lines up', () => {
    expect(computeNormalizedLevenshtein(words('The Cat sat'), words('the cat SAT'))).toBe(0);
    expect(computeNormalizedLevenshtein(words('a b c'), words('x y'))).toBe(1);
  });

  it('insertions and deletions cost 1, normalised by the longer side', () => {
    // kitten -> sitting at word level: k/s substitution, e/i substitution, insert g = 3 of 7
    expect(computeNormalizedLevenshtein(words('k i t t e n'), words('s i t t i n g'))).toBeCloseTo(3 / 7, 15);
    expect(computeNormalizedLevenshtein(words('a b c d'), words('b c d'))).toBe(0.25);
    expect(computeNormalizedLevenshtein(words('a b c d'), words('d c b a'))).toBe(1);
  });

  it('one side empty is 1, both empty is null (0/0)', () => {
    expect(computeNormalizedLevenshtein(words('a b'), [])).toBe(1);
    expect(computeNormalizedLevenshtein([], [])).toBeNull();
  });
});
