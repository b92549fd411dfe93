/**
 * computeMeasures end to end.
 * - EACL 2023 paper, Table 5: ROUGE-1, ROUGE-L, BLEU and syn of all four caption pairs, as
 *   printed (two decimals).
 * - fixtures/reference-measures.json: 47 pairs x 4 tokenizer settings x BLEU smoothing 0-7 x
 *   both directions, computed with Debian python3-nltk 3.8 (sentence_bleu, PorterStemmer) and
 *   a Python transcription of rouge-score 0.0.4 (see the fixture's description).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BleuSmoothing } from '@/lib/measures/bleu';
import { computeMeasures, PAPER_MEASURE_OPTIONS, resolveMeasureOptions } from '@/lib/measures/measures';

interface ExpectedSetting {
  rouge1: number;
  rougeL: number;
  bleuAB: (number | null)[];
  bleuBA: (number | null)[];
  levenshtein: number | null;
  ngramOverlap: number | null;
  lcpOverlap: number | null;
  sumo: number | null;
  n: [number, number];
}

interface ReferenceFixture {
  nltk: string;
  pairs: { a: string; b: string; expected: Record<string, ExpectedSetting> }[];
}

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/reference-measures.json', import.meta.url), 'utf8'),
) as ReferenceFixture;

function expectClose(actual: number | null, expected: number | null, label: string): void {
  if (expected === null || actual === null) {
    expect(actual, label).toBe(expected);
    return;
  }
  expect(Math.abs(actual - expected), label).toBeLessThanOrEqual(1e-12 * Math.max(Math.abs(expected), 1e-300));
}

const round2 = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);

describe('computeMeasures', () => {
  it.each([
    ['An Easter postcard from 1907 depicting a rabbit.', 'A 1907 postcard featuring the Easter Bunny.', [0.53, 0.13, 0.14, 0.27]],
    ['Twelfth century illustration of a man digging.', 'An English serf at work digging, c. 1170.', [0.13, 0.13, 0.1, 0.12]],
    [
      'Troops clearing rubble after the May air raid on Belfast.',
      'Soldiers clearing rubble after the May air raid on Belfast.',
      [0.9, 0.9, 0.99, 0.93],
    ],
    [
      'System of a Down is composed of four Armenian-Americans.',
      'Dolmayan drumming with System of a Down in 2011.',
      [0.42, 0.42, 0.33, 0.39],
    ],
  ])('paper Table 5: "%s" / "%s" -> R1, RL, BLEU, syn %j', (a, b, printed) => {
    const m = computeMeasures(a, b);
    expect([m.rouge1, m.rougeL, m.bleu, m.syn].map(round2)).toEqual(printed);
  });

  it(`matches NLTK ${fixture.nltk} and rouge-score on the reference fixture for every setting`, () => {
    expect(fixture.pairs.length).toBeGreaterThan(40);
    for (const { a, b, expected } of fixture.pairs) {
      for (const [key, e] of Object.entries(expected)) {
        const [tokenizer, stem] = key.split(':') as ['rouge' | 'whitespace', string];
        for (let method = 0; method < 8; method += 1) {
          const options = resolveMeasureOptions({
            tokenizer,
            stem: stem === '1',
            bleuSmoothing: method as BleuSmoothing,
            bleuDirection: 'a-to-b',
            clip: false,
          });
          const label = `${key} method ${method}: ${a} | ${b}`;
          const oneWay = computeMeasures(a, b, options);
          expectClose(oneWay.bleu, e.bleuAB[method] ?? null, `bleu a-to-b ${label}`);
          const both = computeMeasures(a, b, { ...options, bleuDirection: 'both' });
          const ab = e.bleuAB[method] ?? null;
          const ba = e.bleuBA[method] ?? null;
          expectClose(both.bleu, ab === null || ba === null ? null : (ab + ba) / 2, `bleu both ${label}`);
          if (method !== 7) continue;
          expectClose(oneWay.rouge1, e.rouge1, `rouge1 ${label}`);
          expectClose(oneWay.rougeL, e.rougeL, `rougeL ${label}`);
          expectClose(oneWay.levenshtein, e.levenshtein, `levenshtein ${label}`);
          expectClose(oneWay.ngramOverlap, e.ngramOverlap, `ngramOverlap ${label}`);
          expectClose(oneWay.lcpOverlap, e.lcpOverlap, `lcpOverlap ${label}`);
          expectClose(oneWay.sumo, e.sumo, `sumo ${label}`);
          expect([oneWay.tokenCountA, oneWay.tokenCountB], label).toEqual(e.n);
        }
      }
    }
  });

  it('clips BLEU to [0, 1] by default (method 7 gives 1.1167 for identical texts, NLTK 3.8)', () => {
    const text = 'the cat sat on the mat';
    expect(computeMeasures(text, text).bleu).toBe(1);
    const unclipped = computeMeasures(text, text, { ...PAPER_MEASURE_OPTIONS, clip: false }).bleu;
    expect(unclipped).toBeCloseTo(1.1167470964180197, 12);
  });

  it('empty texts: ROUGE and BLEU 0 as in rouge-score/NLTK; thesis measures null or defined as documented', () => {
    expect(computeMeasures('', '')).toMatchObject({
      rouge1: 0,
      rougeL: 0,
      bleu: 0,
      syn: 0,
      levenshtein: null,
      ngramOverlap: null,
      lcpOverlap: null,
      sumo: null,
    });
    expect(computeMeasures('a cat', '...')).toMatchObject({
      rouge1: 0,
      rougeL: 0,
      bleu: 0,
      syn: 0,
      levenshtein: 1,
      ngramOverlap: null,
      lcpOverlap: null,
      sumo: 0,
    });
  });

  it('syn is null only when BLEU is (smoothing method 6 on pairs without trigram overlap)', () => {
    const m = computeMeasures('let it go', 'let go it', { ...PAPER_MEASURE_OPTIONS, bleuSmoothing: 6 });
    expect(m.bleu).toBeNull();
    expect(m.syn).toBeNull();
    expect(m.rouge1).toBe(1);
  });

  it('thesis measures ignore stemming and case; ROUGE/BLEU follow the options', () => {
    const stemmed = computeMeasures('Dogs running', 'dog runs');
    expect(stemmed.rouge1).toBe(1);
    expect(stemmed.sumo).toBe(0); // "dogs running" vs "dog runs": no unstemmed link
    const whitespace = resolveMeasureOptions({ tokenizer: 'whitespace', stem: false });
    const cased = computeMeasures('The Cat', 'the cat', whitespace);
    expect(cased.rouge1).toBe(0);
    expect(cased.levenshtein).toBe(0);
  });

  it('stays correct after the token tables are dropped to bound memory', () => {
    const pair = ['An Easter postcard from 1907 depicting a rabbit.', 'A 1907 postcard featuring the Easter Bunny.'] as const;
    const before = computeMeasures(...pair);
    const manyTokens = Array.from({ length: 260_000 }, (_, i) => `w${i.toString(36)}`).join(' ');
    computeMeasures(manyTokens, 'w0 w1');
    expect(computeMeasures(...pair)).toEqual(before);
  }, 60_000);

  it('rejects invalid options', () => {
    expect(() => resolveMeasureOptions({ bleuSmoothing: 8 as BleuSmoothing })).toThrow(RangeError);
    expect(() => resolveMeasureOptions({ tokenizer: 'nltk' as 'rouge' })).toThrow(RangeError);
    expect(() => resolveMeasureOptions({ bleuDirection: 'b-to-a' as 'both' })).toThrow(RangeError);
    expect(resolveMeasureOptions()).toEqual(PAPER_MEASURE_OPTIONS);
  });
});
