/**
 * The thesis's two n-gram overlap measures (sec. 4.9.2-4.9.3, after Cordeiro et al. 2007),
 * with N = 4 and tokens compared case-insensitively (as the thesis's Java code does).
 *
 * Word n-gram overlap, eq. 4.2:  1/N * sum_n |a_n ∩ b_n| / min(|a_n|, |b_n|)
 *   |a_n| = number of n-grams of a; ∩ = multiset intersection (clipped counts).
 * LCP n-gram overlap, eq. 4.3:   max_n |a_n ∩LCP b_n| / min(|a_n|, |b_n|)
 *   "Exclusive" matching in the longest-common-prefix sense: every start position p of the
 *   shorter text (the first text on a tie) counts once, as a match of length L_p = the
 *   longest n-gram starting at p that also occurs in the other text (capped at N). A shared
 *   4-gram therefore yields one 4-gram, one 3-gram (its tail), one 2-gram and one 1-gram,
 *   exactly the thesis's example, and identical texts score 1. alignment.ts computes L_p.
 *
 * Decisions where the thesis is silent (documented in docs/metrics.md):
 * - when the shorter text has m < N tokens, the orders run to min(N, m) (eq. 4.2 averages
 *   over those orders), so short texts get a value instead of 0/0 terms; identical texts
 *   still score 1;
 * - an empty side makes both measures null (min(|a_1|, |b_1|) = 0).
 * The thesis's Java classes differ: they count distinct n-grams (sets), and its
 * "LCPNGramOverlap" is a plain set overlap without LCP exclusivity.
 */
import { alignSequences } from '@/lib/measures/alignment';
import { encodeTokenPair } from '@/lib/measures/token-ids';
import { countNgramMatches } from '@/lib/measures/ngram-matches';

export const THESIS_MAX_NGRAM = 4;

/** Eq. 4.2 from clipped match counts `matches[n]` (n = 1..maxN) and the token counts. */
export function computeWordNgramOverlapFromCounts(
  matches: Int32Array,
  la: number,
  lb: number,
  maxN: number = THESIS_MAX_NGRAM,
): number | null {
  const shorter = Math.min(la, lb);
  if (shorter === 0) return null;
  const orders = Math.min(maxN, shorter);
  let sum = 0;
  for (let n = 1; n <= orders; n += 1) sum += matches[n]! / (shorter - n + 1);
  return sum / orders;
}

/** Eq. 4.3 from the histogram of match lengths L_p (see alignment.ts) of the shorter text. */
export function computeLcpOverlapFromHistogram(
  lcpCounts: Int32Array,
  shorterLength: number,
  maxN: number = THESIS_MAX_NGRAM,
): number | null {
  if (shorterLength === 0) return null;
  let best = 0;
  for (let n = 1; n <= Math.min(maxN, shorterLength); n += 1) {
    const ratio = lcpCounts[n]! / (shorterLength - n + 1);
    if (ratio > best) best = ratio;
  }
  return best;
}

/** Lower-cased dense ids of two token arrays. */
function encodeFolded(a: readonly string[], b: readonly string[]) {
  return encodeTokenPair(
    a.map((x) => x.toLowerCase()),
    b.map((x) => x.toLowerCase()),
  );
}

/** Word n-gram overlap (eq. 4.2) of two token arrays. */
export function computeWordNgramOverlap(
  a: readonly string[],
  b: readonly string[],
  maxN: number = THESIS_MAX_NGRAM,
): number | null {
  const encoded = encodeFolded(a, b);
  const matches = new Int32Array(maxN + 1);
  countNgramMatches(encoded.a, a.length, encoded.b, b.length, encoded.vocabulary, maxN, matches);
  return computeWordNgramOverlapFromCounts(matches, a.length, b.length, maxN);
}

/** LCP n-gram overlap (eq. 4.3) of two token arrays. */
export function computeLcpOverlap(a: readonly string[], b: readonly string[], maxN: number = THESIS_MAX_NGRAM): number | null {
  const encoded = encodeFolded(a, b);
  const counts = new Int32Array(maxN + 1);
  alignSequences(encoded.a, encoded.b, encoded.a, encoded.b, a.length, b.length, maxN, counts);
  return computeLcpOverlapFromHistogram(counts, Math.min(a.length, b.length), maxN);
}
