'use client';
import type { ReactNode } from 'react';
import type { Question } from '@/lib/annotation/questions';
import { optionKeys } from './keymap';
import styles from './workbench.module.css';

export interface GroupOption {
  value: string;
  label: ReactNode;
  /** the key that picks it, shown beside it */
  shortcut: string;
}

/** The props of every answer input of one question. */
export interface AnswerInputProps<V> {
  /** radio group name, unique per form and question */
  name: string;
  question: Question;
  value: V | undefined;
  onChange: (value: V) => void;
}

/** A question's options with the key that picks each. */
export function keyedOptions(
  question: Question,
  label: (option: { value: string; label: string }) => ReactNode = (o) => o.label || o.value,
): GroupOption[] {
  const keys = optionKeys(question);
  return (question.options ?? []).map((o, i) => ({ value: o.value, shortcut: keys[i] ?? '', label: label(o) }));
}

interface Props {
  /** radio group name, unique per form and question */
  name: string;
  options: readonly GroupOption[];
  selected: string | undefined;
  onSelect: (value: string) => void;
  /** 'scale': the options side by side in equal columns, in one row (a Likert scale) */
  layout?: 'wrap' | 'scale';
}

/**
 * The options of one question as native radio buttons (so arrow keys, Space, screen readers and
 * the mouse all work), each with its shortcut key shown. The question's fieldset gives the label.
 */
export function OptionGroup({ name, options, selected, onSelect, layout = 'wrap' }: Props) {
  return (
    <div className={`${styles.options} ${layout === 'scale' ? styles.scale : ''}`}>
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
