'use client';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { IgnoredReason, KeyAction, KeyOutcome, KeyPress } from './keymap';
import { keyTargetKind as targetKind } from '@/components/ui/key-target';

export interface WorkbenchKeyState {
  /** what a key press does on the screen as it is drawn (pure: keymap.ts's keyOutcome, workbench-view.ts's keyAction) */
  decide: (press: KeyPress) => KeyOutcome;
  onAction: (action: KeyAction) => void;
  /** a key that did nothing, and why (keymap.ts's keyOutcome) */
  onIgnored: (key: string, reason: IgnoredReason) => void;
}

/**
 * Turns key presses anywhere on the page into workbench actions (`decide` says which). The
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
      if (event.defaultPrevented || event.isComposing || event.repeat) return;
      const { decide, onAction, onIgnored } = latest.current;
      const outcome = decide({
        key: event.key,
        target: targetKind(event.target),
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        shiftKey: event.shiftKey,
      });
      if (!outcome) return;
      event.preventDefault();
      if (outcome.kind === 'ignored') onIgnored(event.key, outcome.reason);
      else onAction(outcome.action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
