'use client';
import { useEffect, useRef } from 'react';
import type { Question } from '@/lib/annotation/questions';
import { actionForKey, type KeyAction, type KeyTarget } from './keymap';

function targetKind(element: EventTarget | null): KeyTarget {
  if (!(element instanceof HTMLElement)) return 'other';
  if (element.isContentEditable || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return 'text';
  if (element instanceof HTMLInputElement)
    return ['radio', 'checkbox'].includes(element.type)
      ? 'other'
      : element.type === 'button' || element.type === 'submit'
        ? 'control'
        : 'text';
  if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement || element.tagName === 'SUMMARY')
    return 'control';
  return 'other';
}

/** Turns key presses anywhere on the page into workbench actions (keymap.ts decides which). */
export function useWorkbenchKeys(active: Question | null, enabled: boolean, onAction: (action: KeyAction) => void) {
  const latest = useRef({ active, enabled, onAction });
  useEffect(() => {
    latest.current = { active, enabled, onAction };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { active: question, enabled: on, onAction: act } = latest.current;
      if (!on || event.defaultPrevented || event.isComposing || event.repeat) return;
      const action = actionForKey(
        {
          key: event.key,
          target: targetKind(event.target),
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          shiftKey: event.shiftKey,
        },
        question,
      );
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
