'use client';
import type { Question } from '@/lib/annotation/questions';
import { optionKeys } from './keymap';
import { OptionGroup } from './option-group';

interface Props {
  name: string;
  question: Question;
  value: string | undefined;
  onChange: (value: string) => void;
}

/** A researcher-defined choice question (nominal or ordinal); digits from 1 pick the options. */
export function ChoiceQuestion({ name, question, value, onChange }: Props) {
  const keys = optionKeys(question);
  const options = (question.options ?? []).map((o, i) => ({ value: o.value, shortcut: keys[i] ?? '', label: o.label || o.value }));
  return <OptionGroup name={name} options={options} selected={value} onSelect={onChange} />;
}
