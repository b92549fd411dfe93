import { describe, expect, it } from 'vitest';
import { isSignificantlyDifferent, nearEqualityForm, orderPair } from './pair-filters';
import { javaStringHash } from './wikitext/java-text';

describe('pair filters (NearEqualityHeuristic, ParaphraseWritable)', () => {
  it('normalises away parentheses, punctuation, spaces and case', () => {
    expect(nearEqualityForm('The Tower (1890), seen from the river.', false)).toBe('thetowerseenfromtheriver');
    expect(
      isSignificantlyDifferent(
        nearEqualityForm('The tower, seen from the river', false),
        nearEqualityForm('the Tower seen from the River (1890)!', false),
      ),
    ).toBe(false);
    // containment: one caption inside the other is near-identical
    expect(isSignificantlyDifferent('thetower', 'thetowerseenfromtheriver')).toBe(false);
    expect(isSignificantlyDifferent('thetowerbynight', 'thetowerseenfromtheriver')).toBe(true);
    // a caption that normalises to "" is contained in anything
    expect(isSignificantlyDifferent(nearEqualityForm('(1890)', false), 'anything')).toBe(false);
  });

  it('paper: ASCII \\W removes non-ASCII letters; fixed keeps them', () => {
    expect(nearEqualityForm('Ελληνικά 1', false)).toBe('1');
    expect(nearEqualityForm('Ελληνικά 1', true)).toBe('ελληνικά1');
  });

  it('orders a pair as the original did and computes its 32-bit id (Java String.hashCode)', () => {
    // Java: "hello".hashCode() == 99162322, "".hashCode() == 0
    expect(javaStringHash('hello')).toBe(99162322);
    expect(javaStringHash('')).toBe(0);
    const pair = orderPair('an apple', 'B apple', (s) => s);
    expect(pair.first).toBe('B apple');
    expect(pair.second).toBe('an apple');
    expect(pair.id).toBe(javaStringHash('b applean apple'));
    expect(orderPair('B apple', 'an apple', (s) => s)).toEqual(pair);
  });
});
