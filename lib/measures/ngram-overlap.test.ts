/**
 * Thesis eqs. 4.2 (word n-gram overlap) and 4.3 (LCP n-gram overlap), N = 4. The thesis has
 * no numeric worked example; the cases below are computed by hand from the equations and its
 * LCP description ("if the only longest substring shared between two texts is a 4-gram, then
 * its trailing 3-gram, 2-gram, and 1-gram are considered the only matching n-grams").
 */
import { describe, expect, it } from 'vitest';
import { computeLcpOverlap, computeWordNgramOverlap } from '@/lib/measures/ngram-overlap';

const words = (text: string) => (text === '' ? [] : text.split(' '));

describe('computeWordNgramOverlap (eq. 4.2)', () => {
  it('a shared 4-gram in 5-token texts: (4/5 + 3/4 + 2/3 + 1/2) / 4', () => {
    expect(computeWordNgramOverlap(words('a b c d e'), words('x a b c d'))).toBeCloseTo((4 / 5 + 3 / 4 + 2 / 3 + 1 / 2) / 4, 15);
  });

  it('normalises by the shorter text and clips repeated n-grams', () => {
    // unigrams: min(2,1) for "the" + "cat" = 2 of min(3, 5) = 3; bigrams: "the cat" 1 of 2;
    // trigrams 0 of 1; the shorter text has 3 tokens, so orders 1..3 are averaged
    expect(computeWordNgramOverlap(words('the the cat'), words('the cat sat on mats'))).toBeCloseTo((2 / 3 + 1 / 2 + 0) / 3, 15);
    expect(computeWordNgramOverlap(words('the the cat x'), words('the cat sat on mats'))).toBeCloseTo(
      (2 / 4 + 1 / 3 + 0 + 0) / 4,
      15,
    );
  });

  it('case-insensitive; identical texts score 1, also when shorter than N (orders stop at the length)', () => {
    expect(computeWordNgramOverlap(words('The Cat'), words('the cat'))).toBe(1);
    expect(computeWordNgramOverlap(words('a b c d e f'), words('a b c d e f'))).toBe(1);
    expect(computeWordNgramOverlap(words('a b'), words('b a'))).toBeCloseTo((1 + 0) / 2, 15);
  });

  it('an empty side is null', () => {
    expect(computeWordNgramOverlap([], words('a'))).toBeNull();
    expect(computeWordNgramOverlap([], [])).toBeNull();
  });
});

describe('computeLcpOverlap (eq. 4.3)', () => {
  it("the thesis's 4-gram example: one 4-, 3-, 2- and 1-gram each; max of 1/5, 1/4, 1/3, 1/2", () => {
    expect(computeLcpOverlap(words('a b c d e'), words('x a b c d'))).toBe(0.5);
  });

  it('counts each start position once at its longest match (exclusive), capped at N', () => {
    // "a b c d e f" in both: positions match 4,4,4,3,2,1 -> 4-grams 3 of 3
    expect(computeLcpOverlap(words('a b c d e f'), words('a b c d e f'))).toBe(1);
    // shorter text "b a c": b->1, a->1 ("a c" not in the other), c->1: 3 unigrams of 3
    expect(computeLcpOverlap(words('b a c'), words('a b x c'))).toBe(1);
    // "x y z w" vs "y z q x": x->1, y->2 ("y z"), z->1, w->0: unigrams 2/4, bigrams 1/3
    expect(computeLcpOverlap(words('x y z w'), words('y z q x'))).toBe(0.5);
  });

  it('uses the shorter text (the first on a tie) and ignores case', () => {
    expect(computeLcpOverlap(words('Q A B'), words('a b'))).toBe(1);
    expect(computeLcpOverlap(words('a b'), words('q a b'))).toBe(1);
  });

  it('nothing shared is 0, an empty side is null', () => {
    expect(computeLcpOverlap(words('a b'), words('c d'))).toBe(0);
    expect(computeLcpOverlap(words('a b'), [])).toBeNull();
  });
});
