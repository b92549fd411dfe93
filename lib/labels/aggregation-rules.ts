/**
 * Rules that turn several ratings of one unit into one label or score, as the papers behind
 * Paralens use them:
 * - median of ordinal ratings (EACL 2023 paper, Fig. 2: characteristic maps from the median
 *   Likert rating); for an even count the lower of the two middle values by default, the
 *   upper as an option, so the result is always a value that was on the scale;
 * - mean (for interval scores such as STS-style similarity);
 * - majority vote with ties reported as ties, never broken silently;
 * - vote thresholds over binary judgements: MultiPIT crowd "more than 3 of 6 paraphrase,
 *   fewer than 3 not" (Dou et al. 2022, sec. 3), Twitter URL "4+ of 6 paraphrase, 2 or fewer
 *   not, 3 discarded" (Lan et al. 2017), PIT-2015 "3+ of 5 paraphrase, 1 or fewer not, 2
 *   debatable" (Xu et al. 2015), and the Spanish QA study's "at least two of three YES".
 */
import { AgreementInputError, type RatingValue } from '@/lib/agreement/rating-values';

export type MedianTie = 'lower' | 'upper';

/** Median of numeric ordinal ratings; null for no ratings. */
export function computeMedianRating(ratings: readonly number[], tie: MedianTie = 'lower'): number | null {
  if (ratings.length === 0) return null;
  const sorted = [...ratings].sort((a, b) => a - b);
  const middle = tie === 'lower' ? Math.floor((sorted.length - 1) / 2) : Math.floor(sorted.length / 2);
  return sorted[middle] ?? null;
}

/** Median of ratings on an ordered category scale (e.g. ['low', 'mid', 'high']). */
export function computeMedianCategory<T extends RatingValue>(
  ratings: readonly T[],
  categories: readonly T[],
  tie: MedianTie = 'lower',
): T | null {
  const positions = ratings.map((rating) => {
    const position = categories.indexOf(rating);
    if (position < 0) throw new AgreementInputError(`rating ${String(rating)} is not one of the categories`);
    return position;
  });
  const median = computeMedianRating(positions, tie);
  return median === null ? null : (categories[median] ?? null);
}

/** Arithmetic mean; null for no ratings. */
export function computeMeanRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  let sum = 0;
  for (const rating of ratings) sum += rating;
  return sum / ratings.length;
}

export type MajorityVote<T> =
  | { kind: 'winner'; value: T; votes: number; total: number }
  | { kind: 'tie'; values: T[]; votes: number; total: number }
  | { kind: 'none'; total: number };

/**
 * Most frequent rating. Tied leaders give `kind: 'tie'` with all of them (in first-seen
 * order). With `absolute`, a winner needs more than half of the votes, otherwise `none`.
 */
export function computeMajorityVote<T extends RatingValue>(
  ratings: readonly T[],
  options: { absolute?: boolean } = {},
): MajorityVote<T> {
  const counts = new Map<T, number>();
  for (const rating of ratings) counts.set(rating, (counts.get(rating) ?? 0) + 1);
  const total = ratings.length;
  let votes = 0;
  for (const count of counts.values()) votes = Math.max(votes, count);
  const leaders = [...counts].filter(([, count]) => count === votes).map(([value]) => value);
  const [first] = leaders;
  if (first === undefined || (options.absolute && votes * 2 <= total)) return { kind: 'none', total };
  if (leaders.length > 1) return { kind: 'tie', values: leaders, votes, total };
  return { kind: 'winner', value: first, votes, total };
}

export interface VoteThresholdRule {
  /** Positive when the positive votes are more than this. */
  positiveAbove: number;
  /** Negative when the positive votes are fewer than this. */
  negativeBelow: number;
}

export const VOTE_RULES = {
  /** Dou et al. 2022 (MultiPIT), sec. 3: ">3 paraphrase judgments ... paraphrase, <3 ... non-paraphrase" (of 6). */
  multipitCrowd: { positiveAbove: 3, negativeBelow: 3 },
  /** Dou et al. 2022 (MultiPIT), sec. 5 "Beyond Fine-tuning": "adjust the labeling threshold for MULTIPITCROWD from 3 to 4". */
  multipitThreshold4: { positiveAbove: 4, negativeBelow: 4 },
  /** Lan et al. 2017 (Twitter URL corpus): n >= 4 of 6 paraphrase, n <= 2 not, n = 3 discarded. */
  twitterUrl: { positiveAbove: 3, negativeBelow: 3 },
  /** Xu et al. 2015 (SemEval PIT-2015 README): (3,2)-(5,0) paraphrase, (0,5)-(1,4) not, (2,3) debatable. */
  pit2015: { positiveAbove: 2, negativeBelow: 2 },
  /** Spanish QA assessment study: a paraphrase if at least two of the three labels are YES. */
  twoOfThree: { positiveAbove: 1, negativeBelow: 2 },
} as const satisfies Record<string, VoteThresholdRule>;

export type VoteDecision = 'positive' | 'negative' | 'undecided';

export function classifyVotes(positiveVotes: number, totalVotes: number, rule: VoteThresholdRule): VoteDecision {
  if (!Number.isInteger(positiveVotes) || !Number.isInteger(totalVotes) || positiveVotes < 0 || positiveVotes > totalVotes) {
    throw new AgreementInputError(`invalid vote count ${positiveVotes} of ${totalVotes}`);
  }
  if (rule.negativeBelow > rule.positiveAbove + 1) {
    throw new AgreementInputError('vote rule overlaps: a count could be both positive and negative');
  }
  if (positiveVotes > rule.positiveAbove) return 'positive';
  if (positiveVotes < rule.negativeBelow) return 'negative';
  return 'undecided';
}

export type VoteRuleName = keyof typeof VOTE_RULES;
export const VOTE_RULE_NAMES = Object.keys(VOTE_RULES) as VoteRuleName[];

/** What a named vote rule was designed for, and what its undecided counts become in final labels. */
export interface VoteRuleCard {
  /** the number of judgements per pair the rule was written for */
  of: number;
  /** an undecided count: left open for adjudication (`tie`), or set aside as the paper did (`discarded`) */
  undecided: 'tie' | 'discarded';
  /** the rule in words, for screens, exports and dataset cards */
  words: string;
}

export const VOTE_RULE_CARDS: Record<VoteRuleName, VoteRuleCard> = {
  multipitCrowd: {
    of: 6,
    undecided: 'discarded',
    words: 'MultiPIT crowd: more than 3 of 6 yes is yes, fewer than 3 is no, 3 is discarded',
  },
  multipitThreshold4: {
    of: 6,
    undecided: 'discarded',
    words: 'MultiPIT threshold 4: more than 4 of 6 yes is yes, fewer than 4 is no, 4 is discarded',
  },
  twitterUrl: {
    of: 6,
    undecided: 'discarded',
    words: 'Twitter URL corpus: 4 or more of 6 yes is yes, 2 or fewer is no, 3 is discarded',
  },
  pit2015: {
    of: 5,
    undecided: 'tie',
    words: 'PIT-2015: 3 or more of 5 yes is yes, 1 or fewer is no, 2 is debatable (left open)',
  },
  twoOfThree: { of: 3, undecided: 'tie', words: 'Spanish QA study: at least 2 of 3 yes is yes, otherwise no' },
};
