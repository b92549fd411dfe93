/**
 * Answers as researchers read them, outside the workbench: the question's label instead of its key,
 * yes/no instead of true/false, a relation's name (in the pair's stored order: first ⊨ second), a
 * choice's label; and a final label's method in words. Pure.
 */
import type { Question } from './questions';
import { isRelation, RELATION_LABELS } from './relations';

/** One stored answer in words; an unknown question shows the value as it is. */
export function storedAnswerText(question: Question | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (question?.type === 'relation' && isRelation(value)) return RELATION_LABELS[value];
  if (typeof value !== 'string' && typeof value !== 'number') return JSON.stringify(value);
  if (question?.type === 'choice') {
    const option = question.options?.find((o) => o.value === String(value));
    if (option) return option.label;
  }
  return String(value);
}

/** A question's label by its key (the key itself for a question the campaign does not ask). */
export function questionLabel(questions: readonly Question[], key: string): string {
  return questions.find((q) => q.key === key)?.label ?? key;
}

/** "Label: answer" for each answer, in the campaign's question order (unknown keys last); the rationale left out. */
export function answerWords(
  questions: readonly Question[],
  answers: Readonly<Record<string, unknown>>,
  { withRationale = false }: { withRationale?: boolean } = {},
): string[] {
  const keys = Object.keys(answers).filter((k) => withRationale || questions.find((q) => q.key === k)?.type !== 'text');
  const order = (k: string) => {
    const i = questions.findIndex((q) => q.key === k);
    return i < 0 ? questions.length : i;
  };
  return keys
    .filter((k) => withRationale || k !== 'rationale')
    .sort((a, b) => order(a) - order(b))
    .map(
      (k) =>
        `${questionLabel(questions, k)}: ${storedAnswerText(
          questions.find((q) => q.key === k),
          answers[k],
        )}`,
    );
}
