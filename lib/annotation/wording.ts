/**
 * Correcting a campaign's text after launch. Each question has wording (what annotators read: the
 * question's label and each option's or scale anchor's label) and meaning (what a stored answer
 * says: the questions asked and their order, each key and type, the option values and their order,
 * the ordinal or nominal level, whether it is required and when, a text answer's longest length).
 * Guidelines are wording. Wording can change at any time; each change is a new version. Meaning can
 * change only while no answer exists: an answer stored under one set of options would say something
 * else under another. Pure: the caller passes the stored questions and the answer count.
 */
import { isBuiltInQuestionKey, resolveQuestions, type ChoiceOption, type Question, type QuestionInput } from './questions';

/** What the editor sends: the guidelines and the questions in stored form. */
export interface CampaignText {
  guidelines: string;
  questions: readonly Question[];
}

const optionValues = (options: readonly ChoiceOption[] | undefined) => (options ?? []).map((o) => o.value);

/** The meaning of a question: everything but its labels, in a form that compares as a string. */
function meaningOf(q: Question): string {
  return JSON.stringify([
    q.key,
    q.type,
    q.required,
    q.level ?? null,
    optionValues(q.options),
    q.requiredWhen ?? [],
    q.maxLength ?? null,
  ]);
}

/** The meaning changes between two question lists, each in a plain sentence (empty: only wording differs, if anything). */
export function meaningChanges(before: readonly Question[], after: readonly Question[]): string[] {
  const keys = (qs: readonly Question[]) => qs.map((q) => q.key);
  if (keys(before).join('\n') !== keys(after).join('\n')) {
    return [`the questions asked change from ${keys(before).join(', ') || 'none'} to ${keys(after).join(', ') || 'none'}`];
  }
  const changes: string[] = [];
  before.forEach((b, i) => {
    const a = after[i]!;
    if (meaningOf(a) === meaningOf(b)) return;
    const parts: string[] = [];
    if (a.type !== b.type) parts.push('its type');
    if (optionValues(a.options).join('\n') !== optionValues(b.options).join('\n'))
      parts.push(b.type === 'likert' ? 'its scale' : 'its options');
    if ((a.level ?? null) !== (b.level ?? null)) parts.push('its level');
    if (a.required !== b.required || JSON.stringify(a.requiredWhen ?? []) !== JSON.stringify(b.requiredWhen ?? []))
      parts.push('when it is required');
    if ((a.maxLength ?? null) !== (b.maxLength ?? null)) parts.push('its longest answer');
    changes.push(`${b.key}: ${parts.join(', ')}`);
  });
  return changes;
}

/**
 * What changed in the wording, as short entries for the version history ("guidelines", "semantic:
 * label", "semantic: label of 2").
 */
export function wordingChanges(before: CampaignText, after: CampaignText): string[] {
  const changes: string[] = [];
  if (before.guidelines !== after.guidelines) changes.push('guidelines');
  const afterByKey = new Map(after.questions.map((q) => [q.key, q]));
  for (const b of before.questions) {
    const a = afterByKey.get(b.key);
    if (!a) continue;
    if (a.label !== b.label) changes.push(`${b.key}: label`);
    const labels = new Map((a.options ?? []).map((o) => [o.value, o.label]));
    for (const o of b.options ?? []) {
      const label = labels.get(o.value);
      if (label !== undefined && label !== o.label) changes.push(`${b.key}: label of ${o.value}`);
    }
  }
  return changes;
}

/** Empty labels are refused: an annotator would see a blank question or option. */
export function blankLabels(questions: readonly Question[]): string[] {
  const blanks: string[] = [];
  for (const q of questions) {
    if (!q.label.trim()) blanks.push(`${q.key}: the question needs a label`);
    for (const o of q.options ?? []) if (!o.label.trim()) blanks.push(`${q.key}: option ${o.value} needs a label`);
  }
  return blanks;
}

/** Why the meaning is locked, for the page and the API's 409 (null: it is not). */
export function meaningLockedReason(answers: number): string | null {
  if (answers === 0) return null;
  const given = answers === 1 ? '1 answer was given' : `${new Intl.NumberFormat('en').format(answers)} answers were given`;
  return `${given} with these questions and options; changing them would change what those answers mean. Clone the campaign instead, and change them in the clone.`;
}

export type WordingDecision =
  | { kind: 'unchanged' }
  /** invalid: a blank label or malformed question (400); locked: a meaning change after answers (409) */
  | { kind: 'refuse'; reason: 'invalid' | 'locked'; message: string }
  | { kind: 'save'; changes: string[]; questions: Question[] };

/** The stored questions with the editor's labels (nothing else is taken from the edit). */
function withLabels(stored: readonly Question[], edited: readonly Question[]): Question[] {
  return stored.map((q, i) => {
    const e = edited[i]!;
    const labels = new Map((e.options ?? []).map((o) => [o.value, o.label]));
    return {
      ...q,
      label: e.label,
      ...(q.options ? { options: q.options.map((o) => ({ ...o, label: labels.get(o.value) ?? o.label })) } : {}),
    };
  });
}

/**
 * New questions (before any answer) checked by the rules a new campaign's are: a built-in question
 * keeps its type and options, with the labels the editor gave; a custom one needs two distinct options.
 */
function checkedQuestions(questions: readonly Question[]): { questions: Question[] } | { errors: string[] } {
  const inputs: QuestionInput[] = questions.map((q) =>
    isBuiltInQuestionKey(q.key)
      ? { key: q.key, label: q.label, required: q.required, ...(q.requiredWhen ? { requiredWhen: q.requiredWhen } : {}) }
      : { key: q.key, type: 'choice', label: q.label, required: q.required, options: q.options ?? [], level: q.level },
  );
  const resolved = resolveQuestions(inputs);
  if ('errors' in resolved) return resolved;
  return { questions: withLabels(resolved.questions, questions) };
}

/**
 * Whether an edit may be saved: refused when a label is blank or when the meaning changes once
 * answers exist; otherwise the list of changes for the new version (wording and, before any
 * answer, meaning).
 */
export function decideWordingEdit(current: CampaignText, next: CampaignText, answers: number): WordingDecision {
  const blanks = blankLabels(next.questions);
  if (blanks.length > 0) return { kind: 'refuse', reason: 'invalid', message: `${blanks.join('; ')}.` };
  const meaning = meaningChanges(current.questions, next.questions);
  const locked = meaningLockedReason(answers);
  if (meaning.length > 0 && locked)
    return { kind: 'refuse', reason: 'locked', message: `Only the wording can change now (${meaning.join('; ')}). ${locked}` };
  const checked =
    meaning.length > 0 ? checkedQuestions(next.questions) : { questions: withLabels(current.questions, next.questions) };
  if ('errors' in checked) return { kind: 'refuse', reason: 'invalid', message: `${checked.errors.join('; ')}.` };
  const changes = [...wordingChanges(current, next), ...meaning.map((m) => `meaning: ${m}`)];
  return changes.length === 0 ? { kind: 'unchanged' } : { kind: 'save', changes, questions: checked.questions };
}
