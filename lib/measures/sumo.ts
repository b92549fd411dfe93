/**
 * The Sumo metric (Cordeiro et al. 2007, thesis sec. 4.9.5, eqs. 4.6-4.7):
 *   S = alpha * log2(max(|a|,|b|) / lambda) + beta * log2(min(|a|,|b|) / lambda)
 *   sumo = S if S < 1, else exp(-k * S)
 * with lambda the number of exclusive unigram links (each token linked at most once, i.e. the
 * multiset intersection; compared case-insensitively like the thesis's SumoMetric.java),
 * alpha = beta = 0.5, k = 3. Nothing shared (lambda = 0) gives 0, the limit of eq. 4.7 and what
 * the Java code returns (exp(-infinity)); both sides empty gives null.
 * Identical texts give 0 (S = 0): Sumo rewards lexical reordering, not copying.
 */
import { encodeTokenPair } from '@/lib/measures/token-ids';
import { countNgramMatches } from '@/lib/measures/ngram-matches';

export interface SumoParameters {
  alpha: number;
  beta: number;
  k: number;
}

export const THESIS_SUMO_PARAMETERS: Readonly<SumoParameters> = { alpha: 0.5, beta: 0.5, k: 3 };

/** Sumo from the link count and the two token counts. */
export function computeSumoFromCounts(
  links: number,
  la: number,
  lb: number,
  parameters: Readonly<SumoParameters> = THESIS_SUMO_PARAMETERS,
): number | null {
  if (la === 0 && lb === 0) return null;
  if (links === 0) return 0;
  const s = parameters.alpha * Math.log2(Math.max(la, lb) / links) + parameters.beta * Math.log2(Math.min(la, lb) / links);
  return s < 1 ? s : Math.exp(-parameters.k * s);
}

/** Sumo of two token arrays (case-insensitive links). */
export function computeSumo(
  a: readonly string[],
  b: readonly string[],
  parameters: Readonly<SumoParameters> = THESIS_SUMO_PARAMETERS,
): number | null {
  const encoded = encodeTokenPair(
    a.map((t) => t.toLowerCase()),
    b.map((t) => t.toLowerCase()),
  );
  const matches = new Int32Array(2);
  countNgramMatches(encoded.a, a.length, encoded.b, b.length, encoded.vocabulary, 1, matches);
  return computeSumoFromCounts(matches[1]!, a.length, b.length, parameters);
}
