import { describe, expect, it } from 'vitest';
import type { TokenLogprob } from './chat-reply';
import { expectedRatings } from './logprob-ratings';

const tok = (token: string, p = 1, top: Array<[string, number]> = []): TokenLogprob => ({
  token,
  logprob: Math.log(p),
  top: top.map(([t, q]) => ({ token: t, logprob: Math.log(q) })),
});
const SCALE = [0, 1, 2, 3, 4];

// {"semantic": 3, "syntactic": 1} as a tokenizer might cut it, with hand-made alternatives.
const tokens = [
  tok('{"'),
  tok('semantic'),
  tok('":'),
  tok(' 3', 0.6, [
    [' 3', 0.6],
    [' 4', 0.2],
    [' 2', 0.1],
    [' "', 0.05],
    [' three', 0.05],
  ]),
  tok(', "'),
  tok('syntactic'),
  tok('":'),
  tok(' ', 1),
  tok('1', 0.5, [
    ['1', 0.5],
    ['0', 0.3],
    ['2', 0.1],
  ]),
  tok('}'),
];

describe('expectedRatings', () => {
  it('computes Σ p(k)·k over the scale at the rating token, renormalised, with the mass', () => {
    const result = expectedRatings(tokens, { semantic: 3, syntactic: 1 }, { semantic: SCALE, syntactic: SCALE });
    // semantic: p(3)=0.6, p(4)=0.2, p(2)=0.1 → mass 0.9, E = (1.8 + 0.8 + 0.2) / 0.9
    expect(result.semantic!.mass).toBeCloseTo(0.9, 10);
    expect(result.semantic!.value).toBeCloseTo(2.8 / 0.9, 10);
    // syntactic: p(1)=0.5, p(0)=0.3, p(2)=0.1 → mass 0.9, E = (0.5 + 0 + 0.2) / 0.9
    expect(result.syntactic!.mass).toBeCloseTo(0.9, 10);
    expect(result.syntactic!.value).toBeCloseTo(0.7 / 0.9, 10);
  });

  it('counts the emitted token when the server left it out of the alternatives', () => {
    const only = [tok('{"a": '), tok('2', 0.5, [['1', 0.5]]), tok('}')];
    expect(expectedRatings(only, { a: 2 }, { a: SCALE }).a).toEqual({ value: 1.5, mass: 1 });
  });

  it('ignores a think block and JSON before the answer', () => {
    const withThink = [tok('<think>{"a": 0}</think>'), tok('{"a": '), tok('4', 0.8, [['3', 0.2]]), tok('}')];
    expect(expectedRatings(withThink, { a: 4 }, { a: SCALE }).a!.value).toBeCloseTo(3.8, 10);
  });

  it('reads a quoted rating', () => {
    const quoted = [tok('{"a": "'), tok('1', 0.5, [['2', 0.5]]), tok('"}')];
    expect(expectedRatings(quoted, { a: '1' }, { a: SCALE }).a!.value).toBeCloseTo(1.5, 10);
  });

  it('gives null where the position cannot be found', () => {
    const scales = { semantic: SCALE, missing: SCALE };
    const result = expectedRatings(tokens, { semantic: 2 }, scales);
    expect(result).toEqual({ semantic: null, missing: null }); // written 3, parsed 2: not the answer's token
    expect(expectedRatings([], { a: 1 }, { a: SCALE })).toEqual({ a: null });
    const split = [tok('{"a": 1'), tok('0}')];
    expect(expectedRatings(split, { a: 10 }, { a: [0, 10] })).toEqual({ a: null });
  });
});
