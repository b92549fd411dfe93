'use client';
import { useCallback, useState } from 'react';
import { ignoredKeyMessage, type IgnoredReason } from './keymap';
import type { Question } from '@/lib/annotation/questions';
import styles from './workbench.module.css';

/**
 * The cue a key that did nothing leaves (keymap.ts's ignoredKeyMessage): in a live region, so a
 * screen reader says it too. The workbench and the review screens show it under their questions;
 * the next action clears it. The waiting cue (a key pressed while the next pair is on its way) is
 * the work area's own.
 */
export function useKeyCue() {
  const [cue, setCue] = useState<string | null>(null);
  const show = useCallback(
    (key: string, reason: Exclude<IgnoredReason, 'waiting'>, active: Question | null) =>
      setCue(ignoredKeyMessage(key === ' ' ? 'Space' : key, reason, active)),
    [],
  );
  const clear = useCallback(() => setCue(null), []);
  return { cue, show, clear };
}

export function KeyCue({ cue }: { cue: string | null }) {
  return (
    <p className={styles.keyCue} role="status">
      {cue ? <span data-testid="key-cue">{cue}</span> : null}
    </p>
  );
}
