/**
 * A model run's answer for one pair, from its recorded requests (each already in the stored order):
 * the answers asked in the stored order give the answer (per question the mode of the samples, its
 * vote share as confidence: answers-order.ts), the expected Likert ratings from logprobs are averaged
 * over the samples that had them, and the answers asked with the texts exchanged give the swap
 * probe's answer the same way. Failed requests count for nothing; a pair whose requests all failed
 * has no answer ({}). Pure.
 */
import type { Answers, Question } from '@/lib/annotation/questions';
import { aggregateSamples } from './answers-order';

export interface PairRequestLike {
  swapped: boolean;
  status: 'ok' | 'failed';
  answers: Answers | null;
  expected: Record<string, { value: number; mass: number }> | null;
}

export interface PairAnswerValue {
  answers: Answers;
  confidence: Record<string, number>;
  expected: Record<string, number> | null;
  swapAnswers: Answers | null;
}

function answered(requests: readonly PairRequestLike[], swapped: boolean): Answers[] {
  return requests.filter((r) => r.swapped === swapped && r.status === 'ok' && r.answers).map((r) => r.answers!);
}

function meanExpected(requests: readonly PairRequestLike[]): Record<string, number> | null {
  const sums = new Map<string, { sum: number; n: number }>();
  for (const r of requests) {
    if (r.swapped || r.status !== 'ok' || !r.expected) continue;
    for (const [key, e] of Object.entries(r.expected)) {
      if (!Number.isFinite(e.value)) continue;
      const s = sums.get(key) ?? { sum: 0, n: 0 };
      s.sum += e.value;
      s.n++;
      sums.set(key, s);
    }
  }
  if (sums.size === 0) return null;
  return Object.fromEntries([...sums].map(([key, s]) => [key, s.sum / s.n]));
}

function valuesOf(aggregated: ReturnType<typeof aggregateSamples>): Answers {
  return Object.fromEntries(Object.entries(aggregated).map(([key, a]) => [key, a.value]));
}

export function aggregatePair(
  requests: readonly PairRequestLike[],
  questions: readonly Question[],
  swap: boolean,
): PairAnswerValue {
  const stored = aggregateSamples(answered(requests, false), questions);
  const confidence: Record<string, number> = {};
  for (const [key, a] of Object.entries(stored)) if (a.confidence !== null) confidence[key] = a.confidence;
  const exchanged = swap ? answered(requests, true) : [];
  return {
    answers: valuesOf(stored),
    confidence,
    expected: meanExpected(requests),
    swapAnswers: exchanged.length > 0 ? valuesOf(aggregateSamples(exchanged, questions)) : null,
  };
}
