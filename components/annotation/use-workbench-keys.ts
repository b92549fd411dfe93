'use client';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Question } from '@/lib/annotation/questions';
import { actionForKey, type KeyAction } from './keymap';
import { keyTargetKind as targetKind } from '@/components/ui/key-target';

/** What a key may do only while a pair is on screen to answer. */
const ANSWERING: ReadonlySet<KeyAction['type']> = new Set([
  'answer',
  'clear',
  'submit',
  'nextQuestion',
  'previousQuestion',
  'skipPair',
  'focusText',
]);

export interface WorkbenchKeyState {
  /** the question the answer keys go to (null: none) */
  active: Question | null;
  enabled: boolean;
  /** no pair is on screen to answer because the next one is on its way: answer keys are not used, and said so */
  waiting: boolean;
  onAction: (action: KeyAction) => void;
  /** a key that would have answered, pressed while waiting */
  onIgnored: (key: string) => void;
}

/**
 * Turns key presses anywhere on the page into workbench actions (keymap.ts decides which). The
 * state a key acts on is the one on screen: it is taken in the same commit that draws it (a layout
 * effect), so a key pressed as a new pair appears goes to that pair, never to the one before.
 */
export function useWorkbenchKeys(state: WorkbenchKeyState) {
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { active: question, enabled: on, waiting, onAction: act, onIgnored } = latest.current;
      if (!on || event.defaultPrevented || event.isComposing || event.repeat) return;
      const press = {
        key: event.key,
        target: targetKind(event.target),
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        shiftKey: event.shiftKey,
      };
      const action = actionForKey(press, question);
      const answerKey = press.target === 'other' && !press.ctrlKey && !press.metaKey && !press.altKey && /^(.|Enter|Backspace)$/.test(press.key);
      if (waiting && (action ? ANSWERING.has(action.type) : answerKey)) {
        event.preventDefault();
        return onIgnored(event.key);
      }
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
