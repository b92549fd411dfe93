/** The keys that do something, each in a <kbd>, then what they do: "j k rows". */
import type { ReactNode } from 'react';

export function KeyHint({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  return (
    <span className="key-hint">
      {keys.map((k) => (
        <kbd key={k}>{k}</kbd>
      ))}{' '}
      {children}
    </span>
  );
}
