/**
 * A model's parsed answer checked against the questions asked, with the annotators' own rules
 * (checkAnswers in lib/annotation/questions.ts) plus what the response schema demands: every asked
 * question answered (a model has no "optional"), a Likert rating on the question's own scale.
 *
 * A few spellings are read as the value they unambiguously mean, because models given only a prompt
 * (the json_object and plain fallbacks) write them often and asking again would cost a request
 * without changing the judgement; the raw output is kept, so the reading can be audited:
 * - a Likert rating written as a string of the integer ("3" → 3, not "3.5" or "three");
 * - a yes/no question answered "true"/"false"/"yes"/"no" (any case) → true/false;
 * - a relation or choice value in other letter case ("Forward" → "forward") when one option matches.
 * Keys that were not asked are ignored (a model's added "explanation"); they stay in the raw output.
 * Anything else is an error, written for the model: the text sent back when it is asked again.
 */
import { checkAnswers, type AnswerValue, type Answers, type Question } from '@/lib/annotation/questions';
import { likertScale, optionValues } from './response-schema';

export type ModelAnswerCheck = { ok: true; answers: Answers } | { ok: false; error: string };

function coerce(question: Question, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  switch (question.type) {
    case 'likert':
      return /^-?\d+$/.test(text) ? Number(text) : value;
    case 'boolean': {
      const lower = text.toLowerCase();
      return lower === 'true' || lower === 'yes' ? true : lower === 'false' || lower === 'no' ? false : value;
    }
    case 'relation':
    case 'choice': {
      const matches = optionValues(question).filter((o) => o.toLowerCase() === text.toLowerCase());
      return matches.length === 1 ? matches[0] : value;
    }
    case 'text':
      return value;
  }
}

/** The answers in the order asked, or the problems as one text for the model. */
export function validateModelAnswers(questions: readonly Question[], parsed: unknown): ModelAnswerCheck {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, error: 'The answer must be one JSON object with a key for each question.' };
  const given = parsed as Record<string, unknown>;
  const problems = new Map<string, string>();
  const candidate: Record<string, unknown> = {};
  for (const question of questions) {
    const value = coerce(question, given[question.key]);
    const scale = question.type === 'likert' ? likertScale(question) : null;
    if (scale && typeof value === 'number' && !scale.includes(value))
      problems.set(question.key, `must be one of ${scale.join(', ')}, not ${JSON.stringify(value)}`);
    else candidate[question.key] = value;
  }
  // Every asked question is required of a model; conditions on other answers are then moot.
  const check = checkAnswers(
    questions.map((q) => ({ ...q, required: true, requiredWhen: undefined })),
    candidate,
  );
  if (!check.ok) for (const [key, error] of Object.entries(check.errors)) if (!problems.has(key)) problems.set(key, error);
  if (!check.ok || problems.size > 0) {
    const order = questions.map((q) => q.key).filter((k) => problems.has(k));
    return { ok: false, error: `${order.map((k) => `"${k}" ${problems.get(k)}`).join('; ')}.` };
  }
  const answers: Answers = {};
  for (const question of questions) answers[question.key] = check.answers[question.key] as AnswerValue;
  return { ok: true, answers };
}
