/**
 * The adjudication queue's keys (keyboard-first like the workbench): digits choose an option of the
 * active question (Likert: the value 0-4; other questions: the n-th option), ↓/↑ move between the
 * open questions, Enter saves the decision, n/p go to the next or previous pair, t writes the note
 * and Escape leaves it. Pure.
 */
import type { AnswerValue, Question } from '@/lib/annotation/questions';
import { RELATIONS } from '@/lib/annotation/relations';

export type AdjudicationKey =
  | { type: 'choose'; value: AnswerValue }
  | { type: 'move'; by: 1 | -1 }
  | { type: 'save' }
  | { type: 'pair'; by: 1 | -1 }
  | { type: 'note' }
  | { type: 'leaveNote' };

/** The options of a question as [key, label, value]. */
export function adjudicationOptions(question: Question): Array<{ key: string; label: string; value: AnswerValue }> {
  if (question.type === 'likert')
    return (question.options ?? []).map((o) => ({ key: o.value, label: `${o.value}: ${o.label}`, value: Number(o.value) }));
  if (question.type === 'boolean')
    return [
      { key: '1', label: 'yes', value: true },
      { key: '2', label: 'no', value: false },
    ];
  const options = question.type === 'relation' ? RELATIONS.map((r) => ({ value: r, label: r })) : (question.options ?? []);
  return options.slice(0, 9).map((o, i) => ({ key: String(i + 1), label: o.label, value: o.value }));
}

export function adjudicationKey(key: string, inText: boolean, active: Question | null): AdjudicationKey | null {
  if (inText) return key === 'Escape' ? { type: 'leaveNote' } : null;
  if (key === 'Enter') return { type: 'save' };
  if (key === 'ArrowDown') return { type: 'move', by: 1 };
  if (key === 'ArrowUp') return { type: 'move', by: -1 };
  if (key === 'n') return { type: 'pair', by: 1 };
  if (key === 'p') return { type: 'pair', by: -1 };
  if (key === 't') return { type: 'note' };
  const option = active ? adjudicationOptions(active).find((o) => o.key === key) : undefined;
  return option ? { type: 'choose', value: option.value } : null;
}
