'use client';
import { useState } from 'react';

/** The keys ticked in a group of checkboxes, and a toggle for one key. */
export function useCheckedSet(initial: Iterable<string>): [ReadonlySet<string>, (key: string) => void] {
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(initial));
  const toggle = (key: string) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return [checked, toggle];
}
