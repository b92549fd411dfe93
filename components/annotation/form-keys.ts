/**
 * The key actions that only change the form on screen (answer, clear, move between questions,
 * enter or leave the text field): the same for the workbench and the review screens. Leaving the
 * text field (Esc) outlines the first question still open, so the answer keys work again at once.
 */
import type { Question } from '@/lib/annotation/questions';
import type { AnswerForm } from './answer-form';
import { openQuestionAfterText } from './answer-text';
import type { KeyAction } from './keymap';

/** Applies a form action and returns true, or returns false for an action the screen handles itself. */
export function applyFormAction(form: AnswerForm, questions: readonly Question[], action: KeyAction): boolean {
  switch (action.type) {
    case 'answer':
      form.answer(action.question, action.value, true);
      return true;
    case 'clear':
      form.answer(action.question, undefined);
      return true;
    case 'nextQuestion':
      form.move(1);
      return true;
    case 'previousQuestion':
      form.move(-1);
      return true;
    case 'leaveText': {
      (document.activeElement as HTMLElement | null)?.blur();
      const { activeIndex, answers } = form.getSnapshot();
      form.focus(openQuestionAfterText(questions, answers, activeIndex ?? -1));
      return true;
    }
    case 'focusText': {
      const index = questions.findIndex((q) => q.type === 'text');
      if (index >= 0) form.focus(index);
      return true;
    }
    default:
      return false;
  }
}
