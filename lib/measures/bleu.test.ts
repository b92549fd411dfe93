/**
 * BLEU against NLTK: the doctests of nltk/translate/bleu_score.py (sentence_bleu,
 * modified_precision, brevity_penalty, SmoothingFunction), nltk/test/unit/translate/test_bleu.py,
 * and full-precision values printed by Debian python3-nltk 3.8-1 for the same inputs
 * (the doctests show 4 digits; NLTK 3.7's bleu_score.py computes the same).
 */
import { describe, expect, it } from 'vitest';
import {
  computeBrevityPenalty,
  computeModifiedPrecision,
  computeSentenceBleu,
  findClosestReferenceLength,
  type BleuSmoothing,
} from '@/lib/measures/bleu';

const HYP1 = 'It is a guide to action which ensures that the military always obeys the commands of the party'.split(' ');
const HYP2 = 'It is to insure the troops forever hearing the activity guidebook that party direct'.split(' ');
const REF1 = 'It is a guide to action that ensures that the military will forever heed Party commands'.split(' ');
const REF2 = 'It is the guiding principle which guarantees the military forces always being under the command of the Party'.split(
  ' ',
);
const REF3 = 'It is the practical guide for the army always to heed the directions of the party'.split(' ');
const REFS = [REF1, REF2, REF3];

function expectRelativelyClose(actual: number | null, expected: number, tolerance = 1e-12): void {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(tolerance * Math.abs(expected));
}

const ratio = (p: { numerator: number; denominator: number }) => p.numerator / p.denominator;

describe('computeSentenceBleu (NLTK sentence_bleu)', () => {
  it('doctest: three references, BLEU-4 0.5045..., BLEU-5 0.3920...', () => {
    expectRelativelyClose(computeSentenceBleu(REFS, HYP1), 0.5045666840058485);
    expectRelativelyClose(computeSentenceBleu(REFS, HYP1, { weights: [0.2, 0.2, 0.2, 0.2, 0.2] }), 0.39202634084155785);
  });

  it('doctest: no 3-/4-gram overlap rounds to 0.0 without smoothing (tiny, not 0: float_info.min), 0.0370... with method1', () => {
    const unsmoothed = computeSentenceBleu(REFS, HYP2);
    expectRelativelyClose(unsmoothed, 5.92086005993801e-155);
    expect(Number((unsmoothed ?? 1).toFixed(4))).toBe(0);
    expectRelativelyClose(computeSentenceBleu(REFS, HYP2, { smoothing: 1 }), 0.03703131191121491);
  });

  it('SmoothingFunction doctest: methods 0-7 on hypothesis1/reference1 (0.4118 ... 0.4905)', () => {
    const expected = [
      0.41180376356915777, 0.41180376356915777, 0.4452945001507636, 0.41180376356915777, 0.41180376356915777, 0.4905328138015114,
      0.41358958106633686, 0.4905328138015114,
    ];
    expected.forEach((value, method) => {
      expectRelativelyClose(computeSentenceBleu([REF1], HYP1, { smoothing: method as BleuSmoothing }), value);
    });
  });

  it('all methods where higher orders have no match (NLTK 3.8 values); method 6 raises in NLTK -> null', () => {
    const hyp2 = [
      5.92086005993801e-155,
      0.03703131191121491,
      0.13111209575157431,
      0.06963003305718092,
      0.050586660655564,
      0.13294741324283815,
      null,
      0.14758356058214836,
    ];
    const letItGo = [
      1.821831989445342e-231,
      0.14953487812212207,
      0.537284965911771,
      0.2973017787506803,
      0.09541207563138922,
      0.19245008972987526,
      null,
      0.24352035586033327,
    ];
    for (let method = 0; method < 8; method += 1) {
      const smoothing = method as BleuSmoothing;
      const a = computeSentenceBleu(REFS, HYP2, { smoothing });
      const b = computeSentenceBleu([['let', 'it', 'go']], ['let', 'go', 'it'], { smoothing });
      if (hyp2[method] === null) expect(a).toBeNull();
      else expectRelativelyClose(a, hyp2[method]!);
      if (letItGo[method] === null) expect(b).toBeNull();
      else expectRelativelyClose(b, letItGo[method]!);
    }
  });

  it('methods 5 and 7 exceed 1 on identical sentences (1.1167...), the reason the paper clipped', () => {
    const sentence = 'the cat sat on the mat'.split(' ');
    for (const smoothing of [0, 1, 2, 3, 4, 6] as const) expect(computeSentenceBleu([sentence], sentence, { smoothing })).toBe(1);
    expectRelativelyClose(computeSentenceBleu([sentence], sentence, { smoothing: 5 }), 1.1167470964180197);
    expectRelativelyClose(computeSentenceBleu([sentence], sentence, { smoothing: 7 }), 1.1167470964180197);
  });

  it('one-token hypothesis: method 4 leaves zero precisions (ln 1 = 0 guard), method 7 smooths through method 5', () => {
    expectRelativelyClose(computeSentenceBleu([['cat', 'x', 'y']], ['cat'], { smoothing: 4 }), 0.1353352832366127);
    expectRelativelyClose(computeSentenceBleu([['cat', 'x', 'y']], ['cat'], { smoothing: 7 }), 0.026045287402504197);
    const noOverlap = 'The candidate has no alignment to any of the references'.split(' ');
    expect(computeSentenceBleu([noOverlap], ['Foo'], { smoothing: 4 })).toBe(0);
  });

  it('test_bleu.py: zero matches, full matches, empty hypothesis/references, short sentences', () => {
    const noAlignment = 'The candidate has no alignment to any of the references'.split(' ');
    const johnLovesMary = 'John loves Mary'.split(' ');
    for (const n of [1, 2]) {
      const weights = Array<number>(n).fill(1 / n);
      expect(computeSentenceBleu([noAlignment], johnLovesMary, { weights })).toBe(0);
      expect(computeSentenceBleu([johnLovesMary], johnLovesMary, { weights })).toBe(1);
    }
    expect(computeSentenceBleu([johnLovesMary], 'John loves Mary who loves Mike'.split(' '))).toBeCloseTo(0, 4);
    expect(computeSentenceBleu([noAlignment], [])).toBe(0);
    expect(computeSentenceBleu([[]], johnLovesMary)).toBe(0);
    expect(computeSentenceBleu([[]], [])).toBe(0);
    expect(computeSentenceBleu([['let', 'it', 'go']], ['let', 'go', 'it'])).toBeCloseTo(0, 4);
    const weights = [0.25, 0.25, 0.25, 0.25];
    expect(computeSentenceBleu(['John loves Mary ?'.split(' ')], johnLovesMary, { weights })).toBeCloseTo(0, 4);
  });
});

describe('modified precision, closest reference length, brevity penalty (NLTK doctests)', () => {
  it('"the the the" example and the "of the" example', () => {
    const refs = ['the cat is on the mat'.split(' '), 'there is a cat on the mat'.split(' ')];
    const hyp = 'the the the the the the the'.split(' ');
    expect(ratio(computeModifiedPrecision(refs, hyp, 1))).toBeCloseTo(0.2857142857, 9);
    expect(ratio(computeModifiedPrecision(refs, hyp, 2))).toBe(0);
    expect(ratio(computeModifiedPrecision(REFS, ['of', 'the'], 1))).toBe(1);
    expect(ratio(computeModifiedPrecision(REFS, ['of', 'the'], 2))).toBe(1);
  });

  it('machine translation hypotheses: 0.9444..., 0.5714..., 0.5882352941176471, 0.07692...', () => {
    expect(ratio(computeModifiedPrecision(REFS, HYP1, 1))).toBeCloseTo(0.9444444444, 9);
    expect(ratio(computeModifiedPrecision(REFS, HYP2, 1))).toBeCloseTo(0.5714285714, 9);
    expect(ratio(computeModifiedPrecision(REFS, HYP1, 2))).toBe(0.5882352941176471);
    expect(ratio(computeModifiedPrecision(REFS, HYP2, 2))).toBeCloseTo(0.0769230769, 9);
  });

  it('brevity penalty doctests (1.0, 0.2635971381157267, 0.9200..., ties use the shorter, mteval 0.8668...)', () => {
    const bp = (refLengths: number[], hyp: number) => computeBrevityPenalty(findClosestReferenceLength(refLengths, hyp), hyp);
    expect(bp([12, 15, 17], 12)).toBe(1);
    expect(bp([28, 28], 12)).toBe(0.2635971381157267);
    expect(bp([13, 2], 12)).toBeCloseTo(0.92004441462932, 12);
    expect(bp([13, 11], 12)).toBe(1);
    expect(bp([11, 13], 12)).toBe(1);
    expect(bp([11, 8], 7)).toBeCloseTo(0.8668778997501816, 12);
    expect(bp([11, 8, 6, 7], 7)).toBe(1);
    expect(computeBrevityPenalty(5, 0)).toBe(0);
  });
});
