/**
 * BERTScore (Zhang, Kishore, Wu, Weinberger & Artzi, ICLR 2020, eqs. 1-2, without idf) by
 * greedy matching of contextual token embeddings, as bert_score 0.3.x computes it
 * (utils.greedy_cos_idf, score.py; the paper used 0.3.9 through BERTScorer(lang="en",
 * rescale_with_baseline=True)):
 * - embeddings are scaled to unit length, so a dot product is a cosine;
 * - each candidate token takes its best cosine over *all* reference tokens, the special tokens
 *   (<s>, </s> / [CLS], [SEP]) included, and vice versa;
 * - the average weighs special tokens 0 and every other token 1 (bert_score's idf_dict with
 *   idf=False: 1.0 by default, 0 for sep_token_id and cls_token_id);
 * - P = candidate average, R = reference average, F = 2PR / (P + R); a text with no token but
 *   the special ones scores 0, as bert_score sets P, R and F of empty sentences to 0;
 * - baseline rescaling: x' = (x − b) / (1 − b), separately for P, R and F with their own b
 *   (bert_score's rescale_baseline/en/roberta-large.tsv, layer 17, for the paper's setting).
 */
import type { TokenMatrix } from '@/lib/measures/pooling';

/** A text's token embeddings (unit rows) and each token's weight (0 for special tokens). */
export interface WeightedTokens {
  tokens: TokenMatrix;
  weights: Float32Array;
}

export interface BertScoreBaseline {
  precision: number;
  recall: number;
  f1: number;
}

/** bert_score 0.3.9, rescale_baseline/en/roberta-large.tsv, row 17 (the paper's model and layer). */
export const ROBERTA_LARGE_L17_BASELINE: Readonly<BertScoreBaseline> = Object.freeze({
  precision: 0.83150584,
  recall: 0.8314941,
  f1: 0.83122575,
});

export interface BertScore {
  precision: number;
  recall: number;
  f1: number;
}

/** Scales every row to unit length in place (an all-zero row stays zero). */
export function normalizeRows(tokens: TokenMatrix): TokenMatrix {
  const { rows, dim, data } = tokens;
  for (let r = 0; r < rows; r += 1) {
    let sum = 0;
    for (let d = r * dim; d < (r + 1) * dim; d += 1) sum += data[d]! * data[d]!;
    if (sum === 0) continue;
    const scale = 1 / Math.sqrt(sum);
    for (let d = r * dim; d < (r + 1) * dim; d += 1) data[d]! *= scale;
  }
  return tokens;
}

/** Best cosine of each row of `from` against all rows of `to`, averaged with `from`'s weights; null without weight. */
function greedyAverage(from: WeightedTokens, to: WeightedTokens): number | null {
  const { dim } = from.tokens;
  const a = from.tokens.data;
  const b = to.tokens.data;
  let weighted = 0;
  let weightSum = 0;
  for (let i = 0; i < from.tokens.rows; i += 1) {
    const w = from.weights[i]!;
    if (w === 0) continue;
    let max = -Infinity;
    for (let j = 0; j < to.tokens.rows; j += 1) {
      let dot = 0;
      for (let d = 0; d < dim; d += 1) dot += a[i * dim + d]! * b[j * dim + d]!;
      if (dot > max) max = dot;
    }
    weighted += w * max;
    weightSum += w;
  }
  return weightSum > 0 ? weighted / weightSum : null;
}

/** Raw BERTScore of `candidate` against `reference` (both with unit rows). */
export function computeBertScore(candidate: WeightedTokens, reference: WeightedTokens): BertScore {
  if (candidate.tokens.dim !== reference.tokens.dim) throw new RangeError('token embeddings differ in dimension');
  const precision = greedyAverage(candidate, reference);
  const recall = greedyAverage(reference, candidate);
  if (precision === null || recall === null) return { precision: 0, recall: 0, f1: 0 };
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1: Number.isFinite(f1) ? f1 : 0 };
}

/** Baseline rescaling (Zhang et al. 2020, sec. 6 "Rescaling"): x' = (x − b) / (1 − b). */
export function rescaleBertScore(score: BertScore, baseline: BertScoreBaseline | null): BertScore {
  if (!baseline) return score;
  const rescale = (x: number, b: number) => (x - b) / (1 - b);
  return {
    precision: rescale(score.precision, baseline.precision),
    recall: rescale(score.recall, baseline.recall),
    f1: rescale(score.f1, baseline.f1),
  };
}
