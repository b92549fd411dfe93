/**
 * From a model's answers as asked to what is stored and compared. The swap probe shows a pair with
 * its texts exchanged; only the direction of entailment depends on the order (forward becomes
 * reverse, lib/annotation/relations.ts), so mapping back swaps relations and leaves the rest.
 * With K samples per pair (temperature > 0), the label is the most frequent answer and its vote
 * share the confidence, the self-consistency reading of sampled answers (Wang et al. 2023,
 * "Self-Consistency Improves Chain of Thought Reasoning in Language Models"); for a Likert rating
 * the samples' mean is kept beside it.
 *
 * Ties go to the tied value that appeared first in the samples, in the order they were asked, so
 * the result is deterministic for a given run. A text answer (a rationale) is not voted on: the
 * first sample's text is kept.
 */
import type { AnswerValue, Answers, Question } from '@/lib/annotation/questions';
import { answersInOrder } from '@/lib/annotation/questions';
import { isRelation, swapRelation } from '@/lib/annotation/relations';

/**
 * The answers in the pair's stored order. With the questions, every relation question is mapped;
 * without them, the built-in `relation` key (the only question of type relation a campaign can ask).
 */
export function toStoredOrder(answers: Answers, swapped: boolean, questions?: readonly Question[]): Answers {
  if (questions) return answersInOrder(questions, answers, swapped);
  if (!swapped) return answers;
  const relation = answers.relation;
  return isRelation(relation) ? { ...answers, relation: swapRelation(relation) } : { ...answers };
}

export interface AggregatedAnswer {
  /** the most frequent value (the first-seen among ties); for text, the first sample's */
  value: AnswerValue;
  /** the value's share of the samples that answered the question; null for text */
  confidence: number | null;
  /** samples that answered the question */
  n: number;
  /** Likert only: the mean of the samples' ratings */
  mean: number | null;
}

function modeOf(values: readonly AnswerValue[]): { value: AnswerValue; votes: number } {
  const counts = new Map<AnswerValue, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: { value: AnswerValue; votes: number } = { value: values[0]!, votes: 0 };
  // Map keeps first-insertion order and only a strictly larger count wins: ties go to the first seen.
  for (const [value, votes] of counts) if (votes > best.votes) best = { value, votes };
  return best;
}

/** Per asked question, the samples' answer and its confidence; questions no sample answered are left out. */
export function aggregateSamples(samples: readonly Answers[], questions: readonly Question[]): Record<string, AggregatedAnswer> {
  const out: Record<string, AggregatedAnswer> = {};
  for (const question of questions) {
    const values = samples.map((s) => s[question.key]).filter((v): v is AnswerValue => v !== undefined);
    if (values.length === 0) continue;
    if (question.type === 'text') {
      out[question.key] = { value: values[0]!, confidence: null, n: values.length, mean: null };
      continue;
    }
    const { value, votes } = modeOf(values);
    const ratings = question.type === 'likert' ? values.filter((v): v is number => typeof v === 'number') : [];
    const mean = ratings.length > 0 ? ratings.reduce((a, b) => a + b, 0) / ratings.length : null;
    out[question.key] = { value, confidence: votes / values.length, n: values.length, mean };
  }
  return out;
}
