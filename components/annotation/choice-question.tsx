'use client';
import { keyedOptions, OptionGroup, type AnswerInputProps } from './option-group';

/** A researcher-defined choice question (nominal or ordinal); digits from 1 pick the options. */
export function ChoiceQuestion({ name, question, value, onChange }: AnswerInputProps<string>) {
  return <OptionGroup name={name} options={keyedOptions(question)} selected={value} onSelect={onChange} />;
}
