/**
 * Answers and links as the workbench writes them out: an answer in words (for the outbox, the
 * conflict view and earlier answers), where the active question moves next, and the image's page
 * on Wikimedia Commons. Pure.
 */
import type { AnswerValue, Answers, Question } from '@/lib/annotation/questions';
import { isRelation, RELATION_LABELS, type Relation } from '@/lib/annotation/relations';

/** A relation's name as the annotator sees it: relative to the texts as shown, Text 1 and Text 2. */
export function shownRelationLabel(relation: Relation): string {
  return RELATION_LABELS[relation].replace('first', 'Text 1').replace('second', 'Text 2');
}

export function answerText(question: Question | undefined, value: AnswerValue | undefined): string {
  if (value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (question?.type === 'relation' && isRelation(value)) return shownRelationLabel(value);
  const option = question?.options?.find((o) => o.value === String(value));
  if (question?.type === 'likert' && option) return `${value} (${option.label})`;
  if (option && option.label !== option.value) return `${option.value} (${option.label})`;
  return String(value);
}

/** The answers in question order, in words; answers to questions the campaign no longer asks come last. */
export function answerLines(
  questions: readonly Question[],
  answers: Readonly<Answers>,
): { key: string; label: string; text: string }[] {
  const lines = questions
    .filter((q) => answers[q.key] !== undefined)
    .map((q) => ({ key: q.key, label: q.label, text: answerText(q, answers[q.key]) }));
  for (const key of Object.keys(answers))
    if (!questions.some((q) => q.key === key)) lines.push({ key, label: key, text: answerText(undefined, answers[key]) });
  return lines;
}

/**
 * The question to make active after `from` is answered or skipped: the next one that is not free
 * text (typing there takes the keyboard, so the annotator enters it with `t` or ↓), or null after
 * the last, when Enter submits.
 */
export function nextChoiceIndex(questions: readonly Question[], from: number): number | null {
  for (let i = from + 1; i < questions.length; i++) if (questions[i]?.type !== 'text') return i;
  return null;
}

/** Where a new form starts: the first unanswered question that is not free text (else the first). */
export function firstOpenIndex(questions: readonly Question[], answers: Readonly<Answers>): number | null {
  const open = questions.findIndex((q) => q.type !== 'text' && answers[q.key] === undefined);
  if (open >= 0) return open;
  return questions.length > 0 ? 0 : null;
}

/**
 * Where Esc from a text question goes: the first unanswered question that is not free text after
 * it, else the first one before it, else null (the submit button: everything is answered). A
 * rationale written last thus hands the keys back to the first question still open.
 */
export function openQuestionAfterText(questions: readonly Question[], answers: Readonly<Answers>, from: number): number | null {
  const isOpen = (i: number) => questions[i]?.type !== 'text' && answers[questions[i]!.key] === undefined;
  for (let i = from + 1; i < questions.length; i++) if (isOpen(i)) return i;
  for (let i = 0; i < Math.min(from, questions.length); i++) if (isOpen(i)) return i;
  return null;
}

/** The image's page: the URL the server knows, else the Commons page of a `File:` name. */
export function imagePageUrl(image: { key: string; url: string | null } | null): string | null {
  if (!image) return null;
  if (image.url && /^https?:\/\//i.test(image.url)) return image.url;
  if (/^File:/i.test(image.key))
    return `https://commons.wikimedia.org/wiki/${encodeURIComponent(image.key.replace(/ /g, '_')).replace(/%3A/i, ':')}`;
  return null;
}
