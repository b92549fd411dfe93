'use client';
import type { Question } from '@/lib/annotation/questions';
import styles from './workbench.module.css';

interface Props {
  id: string;
  question: Question;
  value: string | undefined;
  required: boolean;
  onChange: (value: string) => void;
}

/** The free-text rationale: Enter submits, Shift+Enter starts a new line, Esc leaves the field. */
export function RationaleField({ id, question, value, required, onChange }: Props) {
  return (
    <textarea
      id={id}
      className={styles.rationale}
      value={value ?? ''}
      maxLength={question.maxLength}
      aria-required={required}
      aria-describedby={`${id}-help`}
      placeholder={required ? 'Required for these answers: why?' : 'Optional: a short reason for your answers'}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
