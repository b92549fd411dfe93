/**
 * Aggregation rules against the rules stated in the papers and dataset READMEs: MultiPIT
 * (Dou et al. 2022, sec. 3), Twitter URL (Lan et al. 2017; vote counts of the test file,
 * counted on the copy of docs/sources.md#reference-corpora), PIT-2015 (Xu et al. 2015
 * README; dev counts likewise), the Spanish QA study (majority of three) and the EACL 2023
 * median rating.
 */
import { describe, expect, it } from 'vitest';
import {
  classifyVotes,
  computeMajorityVote,
  computeMeanRating,
  computeMedianCategory,
  computeMedianRating,
  VOTE_RULES,
} from '@/lib/labels/aggregation-rules';
import { AgreementInputError } from '@/lib/agreement/rating-values';

describe('median', () => {
  it('odd count: the middle rating', () => {
    expect(computeMedianRating([5, 1, 3])).toBe(3);
  });
  it('even count: lower median by default, upper as an option, never an off-scale 2.5', () => {
    expect(computeMedianRating([4, 1, 2, 3])).toBe(2);
    expect(computeMedianRating([4, 1, 2, 3], 'upper')).toBe(3);
  });
  it('no ratings: null', () => {
    expect(computeMedianRating([])).toBeNull();
  });
  it('ordered categories use their positions', () => {
    const scale = ['low', 'mid', 'high'];
    expect(computeMedianCategory(['high', 'low', 'mid', 'high'], scale)).toBe('mid');
    expect(computeMedianCategory(['high', 'low', 'mid', 'high'], scale, 'upper')).toBe('high');
    expect(() => computeMedianCategory(['huge'], scale)).toThrow(AgreementInputError);
  });
});

describe('mean', () => {
  it('arithmetic mean, null for none', () => {
    expect(computeMeanRating([1, 2, 4])).toBeCloseTo(7 / 3, 15);
    expect(computeMeanRating([])).toBeNull();
  });
});

describe('majority vote', () => {
  it('a clear winner', () => {
    expect(computeMajorityVote(['E', 'E', 'C'])).toEqual({ kind: 'winner', value: 'E', votes: 2, total: 3 });
  });
  it('ties are reported as ties with every leader', () => {
    expect(computeMajorityVote(['E', 'C', 'N'])).toEqual({ kind: 'tie', values: ['E', 'C', 'N'], votes: 1, total: 3 });
    expect(computeMajorityVote([1, 2, 2, 1])).toEqual({ kind: 'tie', values: [1, 2], votes: 2, total: 4 });
  });
  it('absolute majority: a plurality of 2 in 5 is not enough', () => {
    expect(computeMajorityVote(['a', 'a', 'b', 'c', 'd'], { absolute: true })).toEqual({ kind: 'none', total: 5 });
    expect(computeMajorityVote(['a', 'a', 'b'], { absolute: true }).kind).toBe('winner');
  });
  it('no votes', () => {
    expect(computeMajorityVote([])).toEqual({ kind: 'none', total: 0 });
  });
});

describe('vote thresholds', () => {
  it('MultiPIT crowd: >3 of 6 paraphrase, <3 not, exactly 3 undecided', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => classifyVotes(n, 6, VOTE_RULES.multipitCrowd))).toEqual([
      'negative',
      'negative',
      'negative',
      'undecided',
      'positive',
      'positive',
      'positive',
    ]);
  });
  it('Twitter URL test file: the (n,6) counts give 1,821 paraphrases, 7,513 not and 786 discarded', () => {
    const counts = [4665, 1860, 988, 786, 583, 602, 636];
    const tally = { positive: 0, negative: 0, undecided: 0 };
    counts.forEach((pairs, n) => (tally[classifyVotes(n, 6, VOTE_RULES.twitterUrl)] += pairs));
    expect(tally).toEqual({ positive: 1821, negative: 7513, undecided: 786 });
  });
  it('PIT-2015 dev: the (p, n) counts give 1,470 paraphrase, 2,672 non-paraphrase and 585 debatable', () => {
    const counts = [1748, 924, 585, 522, 537, 411];
    const tally = { positive: 0, negative: 0, undecided: 0 };
    counts.forEach((pairs, p) => (tally[classifyVotes(p, 5, VOTE_RULES.pit2015)] += pairs));
    expect(tally).toEqual({ positive: 1470, negative: 2672, undecided: 585 });
  });
  it('Spanish QA study: at least two of three YES', () => {
    expect([0, 1, 2, 3].map((n) => classifyVotes(n, 3, VOTE_RULES.twoOfThree))).toEqual([
      'negative',
      'negative',
      'positive',
      'positive',
    ]);
  });
  it('invalid counts and overlapping rules throw', () => {
    expect(() => classifyVotes(7, 6, VOTE_RULES.multipitCrowd)).toThrow(AgreementInputError);
    expect(() => classifyVotes(1.5, 6, VOTE_RULES.multipitCrowd)).toThrow(AgreementInputError);
    expect(() => classifyVotes(2, 6, { positiveAbove: 1, negativeBelow: 4 })).toThrow(AgreementInputError);
  });
});
