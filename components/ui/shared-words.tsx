'use client';
/**
 * Highlighting what two texts share (lib/measures/shared-words.ts) where a reader compares them: the
 * pair page and adjudication, never the annotators' workbench. The switch is remembered in this
 * browser (localStorage), off until turned on.
 */
import { useSyncExternalStore } from 'react';
import type { TextSegment } from '@/lib/measures/shared-words';
import { Checkbox } from './choice';

const STORAGE_KEY = 'paralens.highlightShared';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSharedHighlight(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    subscribe,
    () => window.localStorage.getItem(STORAGE_KEY) === '1',
    () => false,
  );
  return [
    on,
    (next) => {
      window.localStorage.setItem(STORAGE_KEY, next ? '1' : '0');
      for (const listener of listeners) listener();
    },
  ];
}

export function SharedWordsSwitch({
  on,
  onChange,
  lcs,
  common,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  lcs: number;
  common: number;
}) {
  return (
    <div className="row small" style={{ alignItems: 'center' }}>
      <Checkbox checked={on} onChange={(e) => onChange(e.target.checked)} label="Highlight what the texts share" />
      {on && (
        <span className="muted">
          <mark className="shared-lcs">in order</mark> {lcs} word{lcs === 1 ? '' : 's'} of one longest common subsequence
          (ROUGE-L) · <mark className="shared-common">elsewhere</mark> {Math.max(0, common - lcs)} more in both texts
        </span>
      )}
    </div>
  );
}

/** A text as its segments: marked ones in <mark>, the rest as plain text (React escapes it). */
export function MarkedText({ segments, on }: { segments: readonly TextSegment[]; on: boolean }) {
  return (
    <>
      {segments.map((s, i) =>
        on && s.mark ? (
          <mark key={i} className={s.mark === 'lcs' ? 'shared-lcs' : 'shared-common'}>
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </>
  );
}
