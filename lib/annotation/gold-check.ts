/**
 * Gold pairs (MultiPIT, Dou et al. 2022, sec. 3: one hidden test pair in every five, annotators
 * kept only above 85% on them): whether an answer to a gold pair is right, and each annotator's
 * accuracy. The questions that count are the ones the gold answer gives an expected value for
 * (free text never counts); Likert answers count as right within `likertTolerance` points
 * (default 1). Pure.
 */
import type { Answers, Question } from './questions';

export const DEFAULT_LIKERT_TOLERANCE = 1;
export const DEFAULT_GOLD_MIN_ACCURACY = 0.85;

export interface GoldCheck {
  correct: boolean;
  /** questions answered differently from the gold answer */
  missed: string[];
}

/** Checks one answer to a gold pair: right when every counted question matches. */
export function checkGoldAnswer(
  questions: readonly Question[],
  expected: Answers,
  given: Answers,
  likertTolerance = DEFAULT_LIKERT_TOLERANCE,
): GoldCheck {
  const missed: string[] = [];
  for (const question of questions) {
    const want = expected[question.key];
    if (want === undefined || question.type === 'text') continue;
    const got = given[question.key];
    const right =
      question.type === 'likert' && typeof want === 'number' && typeof got === 'number'
        ? Math.abs(want - got) <= likertTolerance
        : got === want;
    if (!right) missed.push(question.key);
  }
  return { correct: missed.length === 0, missed };
}

/** The expected answers that count (what a miss shows), in the questions' order. */
export function countedGoldAnswers(questions: readonly Question[], expected: Answers): Answers {
  const out: Answers = {};
  for (const q of questions) if (q.type !== 'text' && expected[q.key] !== undefined) out[q.key] = expected[q.key]!;
  return out;
}

export interface GoldAccuracy {
  answered: number;
  correct: number;
  /** null with no gold answers yet */
  accuracy: number | null;
  /** accuracy under the campaign's threshold (never with no gold answers) */
  flagged: boolean;
}

export function computeGoldAccuracy(checks: readonly boolean[], minAccuracy = DEFAULT_GOLD_MIN_ACCURACY): GoldAccuracy {
  const correct = checks.filter(Boolean).length;
  const accuracy = checks.length === 0 ? null : correct / checks.length;
  return { answered: checks.length, correct, accuracy, flagged: accuracy !== null && accuracy < minAccuracy };
}
