'use client';
import type { ReactNode } from 'react';
import styles from './workbench.module.css';

export interface GroupOption {
  value: string;
  label: ReactNode;
  /** the key that picks it, shown beside it */
  shortcut: string;
}

interface Props {
  /** radio group name, unique per form and question */
  name: string;
  options: readonly GroupOption[];
  selected: string | undefined;
  onSelect: (value: string) => void;
  /** one option per line (long labels) */
  column?: boolean;
}

/**
 * The options of one question as native radio buttons (so arrow keys, Space, screen readers and
 * the mouse all work), each with its shortcut key shown. The question's fieldset gives the label.
 */
export function OptionGroup({ name, options, selected, onSelect, column }: Props) {
  return (
    <div className={`${styles.options} ${column ? styles.optionsColumn : ''}`}>
      {options.map((o) => (
        <label key={o.value} className={styles.option}>
          <input type="radio" name={name} value={o.value} checked={selected === o.value} onChange={() => onSelect(o.value)} />
          {o.shortcut ? <kbd aria-hidden="true">{o.shortcut}</kbd> : null}
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}
