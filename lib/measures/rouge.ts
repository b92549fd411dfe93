/**
 * ROUGE-N and sentence-level ROUGE-L as Google's rouge-score 0.0.4 computes them
 * (rouge/rouge_scorer.py `_score_ngrams`, `_score_lcs`, scoring.fmeasure), the package the
 * paper used with use_stemmer=True. Precision is measured on the prediction, recall on the
 * target; F1 is symmetric. Edge cases follow rouge-score: either side empty gives 0 for
 * precision, recall and F1 (both empty too), never null.
 */
import { alignSequences } from '@/lib/measures/alignment';
import { countNgramMatches } from '@/lib/measures/ngram-matches';
import { encodeTokenPair } from '@/lib/measures/token-ids';

export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

/** rouge-score `scoring.fmeasure`. */
export function computeFMeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** ROUGE-N from the clipped n-gram match count and the two n-gram totals. */
export function computeRougeFromCounts(matches: number, targetNgrams: number, predictionNgrams: number): RougeScore {
  const precision = matches / Math.max(predictionNgrams, 1);
  const recall = matches / Math.max(targetNgrams, 1);
  return { precision, recall, fmeasure: computeFMeasure(precision, recall) };
}

/** rouge-score `_score_lcs` from the LCS length and the token counts (target, prediction). */
export function computeRougeLFromLcs(lcs: number, targetLength: number, predictionLength: number): RougeScore {
  if (targetLength === 0 || predictionLength === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const precision = lcs / predictionLength;
  const recall = lcs / targetLength;
  return { precision, recall, fmeasure: computeFMeasure(precision, recall) };
}

/** ROUGE-N (n = 1..9 as rouge-score allows) of tokenized target and prediction. */
export function computeRougeN(target: readonly string[], prediction: readonly string[], n: number): RougeScore {
  const { a, b, vocabulary } = encodeTokenPair(target, prediction);
  const matches = new Int32Array(n + 1);
  countNgramMatches(a, a.length, b, b.length, vocabulary, n, matches);
  return computeRougeFromCounts(matches[n]!, Math.max(0, target.length - n + 1), Math.max(0, prediction.length - n + 1));
}

/** Sentence-level ROUGE-L of tokenized target and prediction. */
export function computeRougeL(target: readonly string[], prediction: readonly string[]): RougeScore {
  const { a, b } = encodeTokenPair(target, prediction);
  const { lcs } = alignSequences(a, b, a, b, a.length, b.length, 1, new Int32Array(2));
  return computeRougeLFromLcs(lcs, a.length, b.length);
}
