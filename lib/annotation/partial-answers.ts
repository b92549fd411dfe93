/**
 * Answers that need not be complete: gold answers (only the questions that count) and
 * adjudications (only the questions decided). Every key must be a question of the campaign and
 * every value fit it, as for a submission; nothing is required, but at least one answer is. Pure.
 */
import { AppError } from '@/lib/errors/app-error';
import { checkAnswers, type AnswerCheck, type Question } from './questions';

export function checkPartialAnswers(questions: readonly Question[], raw: unknown): AnswerCheck {
  const optional = questions.map((q): Question => ({ ...q, required: false, requiredWhen: undefined }));
  const checked = checkAnswers(optional, raw);
  if (checked.ok && Object.keys(checked.answers).length === 0)
    return { ok: false, errors: { answers: 'must give at least one answer' } };
  return checked;
}

/** The AppError-ready field map of a failed check: `answers.<question>` → message. */
export function answerFieldErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [key === 'answers' ? key : `answers.${key}`, message]),
  );
}

/** The 400 for answers that do not fit the campaign's questions, naming each one. */
export function invalidAnswersError(errors: Record<string, string>): AppError {
  const fields = answerFieldErrors(errors);
  return new AppError(
    'INVALID_INPUT',
    `Invalid answers: ${Object.entries(fields)
      .map(([k, m]) => `${k} ${m}`)
      .join('; ')}`,
    { fields },
  );
}
