'use client';
import type { Question } from '@/lib/annotation/questions';
import { optionKeys } from './keymap';
import { OptionGroup } from './option-group';

interface Props {
  name: string;
  question: Question;
  value: number | undefined;
  onChange: (value: number) => void;
}

/** A 0-4 similarity scale with its labelled anchors (EACL 2023 study); digits pick a point. */
export function LikertScale({ name, question, value, onChange }: Props) {
  const keys = optionKeys(question);
  const options = (question.options ?? []).map((o, i) => ({ value: o.value, shortcut: keys[i] ?? '', label: o.label }));
  return <OptionGroup name={name} options={options} selected={value === undefined ? undefined : String(value)} onSelect={(v) => onChange(Number(v))} column />;
}
