/**
 * Sentence BLEU as NLTK 3.7/3.8 computes it (nltk/translate/bleu_score.py: `sentence_bleu`,
 * `modified_precision`, `brevity_penalty`, `closest_ref_length`, `SmoothingFunction` methods
 * 0-7 with epsilon 0.1, alpha 5, k 5). NLTK's changelog lists no BLEU change after 3.6.6, so
 * 3.7 (pinned by the paper) and 3.8 (Debian, which produced the reference values in
 * bleu.test.ts) agree.
 *
 * NLTK quirks reproduced on purpose:
 * - no unigram match (including an empty hypothesis or reference) returns exactly 0;
 * - method 0 replaces a zero precision by sys.float_info.min, so the score is tiny (5.9e-155
 *   in NLTK's own doctest) rather than 0 when some higher order has no match;
 * - precisions that are 0 after smoothing are skipped in the geometric mean (methods 1-7);
 * - method 5 always uses the 5-gram precision as its extra order, and with method 7 it can
 *   push a precision above 1, hence BLEU above 1 (the paper clipped the result to [0, 1]);
 * - method 6 needs a non-zero trigram precision; NLTK raises an AssertionError, we return null.
 */

export type BleuSmoothing = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** An unreduced fraction, as NLTK keeps it (`Fraction(..., _normalize=False)`). */
export interface NgramPrecision {
  numerator: number;
  denominator: number;
}

/** The inputs of NLTK's `corpus_bleu` for a single hypothesis. */
export interface BleuCounts {
  /** Modified precisions of orders 1..weights.length. */
  precisions: readonly NgramPrecision[];
  /** Modified precision of order 5 (used by smoothing method 5 and 7 only). */
  fivegram: NgramPrecision;
  hypothesisLength: number;
  closestReferenceLength: number;
}

export const UNIFORM_BLEU4_WEIGHTS: readonly number[] = [0.25, 0.25, 0.25, 0.25];

/** Python's sys.float_info.min (smallest normal double), not Number.MIN_VALUE. */
const PYTHON_FLOAT_MIN = 2.2250738585072014e-308;
const EPSILON = 0.1;
const ALPHA = 5;
const K = 5;

/** NLTK `brevity_penalty(closest_ref_len, hyp_len)`. */
export function computeBrevityPenalty(closestReferenceLength: number, hypothesisLength: number): number {
  if (hypothesisLength > closestReferenceLength) return 1;
  if (hypothesisLength === 0) return 0;
  return Math.exp(1 - closestReferenceLength / hypothesisLength);
}

/** NLTK `closest_ref_length`: the closest length, the shorter one on ties. */
export function findClosestReferenceLength(referenceLengths: readonly number[], hypothesisLength: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (const length of referenceLengths) {
    const distance = Math.abs(length - hypothesisLength);
    const bestDistance = Math.abs(best - hypothesisLength);
    if (distance < bestDistance || (distance === bestDistance && length < best)) best = length;
  }
  return best;
}

// Scratch buffers: the smoothing works in place on `values` without allocating per call.
let numerators = new Float64Array(8);
let denominators = new Float64Array(8);
let values = new Float64Array(8);
let plusOne = new Float64Array(9);

function ensureOrders(orders: number): void {
  if (values.length >= orders + 1) return;
  numerators = new Float64Array(orders + 1);
  denominators = new Float64Array(orders + 1);
  values = new Float64Array(orders + 1);
  plusOne = new Float64Array(orders + 2);
}

function smoothMethod4(orders: number, hypothesisLength: number): void {
  let incvnt = 1;
  for (let i = 0; i < orders; i += 1) {
    if (numerators[i] === 0 && hypothesisLength > 1) {
      const numerator = 1 / ((2 ** incvnt * K) / Math.log(hypothesisLength));
      values[i] = numerator / denominators[i]!;
      incvnt += 1;
    }
  }
}

/** Method 5 averages the (n-1)-, n- and (n+1)-gram values; order 5 is always the extra one. */
function smoothMethod5(orders: number, fivegram: number): void {
  for (let i = 0; i < orders; i += 1) plusOne[i] = values[i]!;
  plusOne[orders] = fivegram;
  let previous = values[0]! + 1;
  for (let i = 0; i < orders; i += 1) {
    values[i] = (previous + values[i]! + plusOne[i + 1]!) / 3;
    previous = values[i]!;
  }
}

/** Smooths `values` in place from `numerators`/`denominators`; false when NLTK would raise. */
function smoothPrecisions(orders: number, fivegram: number, hypothesisLength: number, method: BleuSmoothing): boolean {
  switch (method) {
    case 0:
      for (let i = 0; i < orders; i += 1) if (numerators[i] === 0) values[i] = PYTHON_FLOAT_MIN;
      return true;
    case 1:
      for (let i = 0; i < orders; i += 1) if (numerators[i] === 0) values[i] = EPSILON / denominators[i]!;
      return true;
    case 2:
      for (let i = 1; i < orders; i += 1) values[i] = (numerators[i]! + 1) / (denominators[i]! + 1);
      return true;
    case 3: {
      let incvnt = 1;
      for (let i = 0; i < orders; i += 1) {
        if (numerators[i] !== 0) continue;
        values[i] = 1 / (2 ** incvnt * denominators[i]!);
        incvnt += 1;
      }
      return true;
    }
    case 4:
      smoothMethod4(orders, hypothesisLength);
      return true;
    case 5:
      smoothMethod5(orders, fivegram);
      return true;
    case 6:
      // NLTK asserts a non-zero trigram precision (and needs at least three orders).
      if (orders < 3 || numerators[2] === 0) return false;
      for (let i = 2; i < orders; i += 1) {
        const pi0 = values[i - 2] === 0 ? 0 : values[i - 1]! ** 2 / values[i - 2]!;
        const hypothesisNgrams = Math.max(0, hypothesisLength - i);
        values[i] = (numerators[i]! + ALPHA * pi0) / (hypothesisNgrams + ALPHA);
      }
      return true;
    case 7:
      smoothMethod4(orders, hypothesisLength);
      smoothMethod5(orders, fivegram);
      return true;
  }
}

/** NLTK corpus_bleu for one hypothesis from the scratch numerators/denominators. */
function scoreFromScratch(
  orders: number,
  fivegram: number,
  hypothesisLength: number,
  closestReferenceLength: number,
  smoothing: BleuSmoothing,
  weights: readonly number[],
): number | null {
  if (numerators[0] === 0) return 0;
  for (let i = 0; i < orders; i += 1) values[i] = numerators[i]! / denominators[i]!;
  if (!smoothPrecisions(orders, fivegram, hypothesisLength, smoothing)) return null;
  // Neumaier summation, as close to Python's math.fsum as a handful of terms needs.
  let sum = 0;
  let compensation = 0;
  for (let i = 0; i < orders; i += 1) {
    const value = values[i]!;
    if (!(value > 0)) continue;
    const term = weights[i]! * Math.log(value);
    const next = sum + term;
    compensation += Math.abs(sum) >= Math.abs(term) ? sum - next + term : term - next + sum;
    sum = next;
  }
  const score = computeBrevityPenalty(closestReferenceLength, hypothesisLength) * Math.exp(sum + compensation);
  return Number.isFinite(score) ? score : null;
}

/**
 * The score NLTK's `corpus_bleu` returns for one hypothesis from its precisions and lengths.
 * `weights` must have as many entries as `counts.precisions`.
 */
export function computeBleuFromCounts(
  counts: BleuCounts,
  smoothing: BleuSmoothing,
  weights: readonly number[] = UNIFORM_BLEU4_WEIGHTS,
): number | null {
  const orders = Math.min(weights.length, counts.precisions.length);
  ensureOrders(orders);
  for (let i = 0; i < orders; i += 1) {
    numerators[i] = counts.precisions[i]!.numerator;
    denominators[i] = counts.precisions[i]!.denominator;
  }
  const fivegram = counts.fivegram.numerator / counts.fivegram.denominator;
  return scoreFromScratch(orders, fivegram, counts.hypothesisLength, counts.closestReferenceLength, smoothing, weights);
}

/**
 * BLEU-4 with one reference from clipped match counts `matches[n]` (n = 1..5), as NLTK's
 * sentence_bleu([reference], hypothesis) computes it: the numerator of the modified precision
 * with a single reference is exactly the clipped match count, the denominator the number of
 * hypothesis n-grams (at least 1). Allocation-free, for the hot path.
 */
export function computeBleu4FromMatches(
  matches: ArrayLike<number>,
  referenceLength: number,
  hypothesisLength: number,
  smoothing: BleuSmoothing,
): number | null {
  ensureOrders(4);
  for (let n = 1; n <= 4; n += 1) {
    numerators[n - 1] = matches[n]!;
    denominators[n - 1] = Math.max(1, hypothesisLength - n + 1);
  }
  const fivegram = matches[5]! / Math.max(1, hypothesisLength - 4);
  return scoreFromScratch(4, fivegram, hypothesisLength, referenceLength, smoothing, UNIFORM_BLEU4_WEIGHTS);
}

function countNgrams(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i += 1) {
    const key = tokens.slice(i, i + n).join('\u0000');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** NLTK `modified_precision(references, hypothesis, n)` as an unreduced fraction. */
export function computeModifiedPrecision(
  references: readonly (readonly string[])[],
  hypothesis: readonly string[],
  n: number,
): NgramPrecision {
  const counts = countNgrams(hypothesis, n);
  const referenceCounts = references.map((reference) => countNgrams(reference, n));
  let numerator = 0;
  let total = 0;
  for (const [ngram, count] of counts) {
    let maxReferenceCount = 0;
    for (const rc of referenceCounts) maxReferenceCount = Math.max(maxReferenceCount, rc.get(ngram) ?? 0);
    numerator += Math.min(count, maxReferenceCount);
    total += count;
  }
  return { numerator, denominator: Math.max(1, total) };
}

export interface SentenceBleuOptions {
  smoothing?: BleuSmoothing;
  weights?: readonly number[];
}

/**
 * NLTK `sentence_bleu(references, hypothesis, weights, smoothing_function=methodN)` on
 * already tokenized text. Default: uniform 4-gram weights, no smoothing (method 0), as NLTK.
 */
export function computeSentenceBleu(
  references: readonly (readonly string[])[],
  hypothesis: readonly string[],
  options: SentenceBleuOptions = {},
): number | null {
  const weights = options.weights ?? UNIFORM_BLEU4_WEIGHTS;
  const precisions = weights.map((_, i) => computeModifiedPrecision(references, hypothesis, i + 1));
  return computeBleuFromCounts(
    {
      precisions,
      fivegram: computeModifiedPrecision(references, hypothesis, 5),
      hypothesisLength: hypothesis.length,
      closestReferenceLength: findClosestReferenceLength(
        references.map((r) => r.length),
        hypothesis.length,
      ),
    },
    options.smoothing ?? 0,
    weights,
  );
}
