'use client';
import { keyedOptions, OptionGroup, type AnswerInputProps } from './option-group';

/** A 0-4 similarity scale with its labelled anchors (EACL 2023 study); digits pick a point. */
export function LikertScale({ name, question, value, onChange }: AnswerInputProps<number>) {
  return (
    <OptionGroup
      name={name}
      options={keyedOptions(question)}
      selected={value === undefined ? undefined : String(value)}
      onSelect={(v) => onChange(Number(v))}
      layout="scale"
    />
  );
}
