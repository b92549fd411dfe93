'use client';
import { isRelation } from '@/lib/annotation/relations';
import { shownRelationLabel } from './answer-text';
import { keyedOptions, OptionGroup, type AnswerInputProps } from './option-group';

/**
 * The entailment relation between the texts as shown (thesis sec. 3.2): forward means Text 1
 * entails Text 2. The server maps it back when the texts were shown swapped.
 */
export function RelationChoice({ name, question, value, onChange }: AnswerInputProps<string>) {
  const label = (o: { value: string; label: string }) => (isRelation(o.value) ? shownRelationLabel(o.value) : o.label);
  return <OptionGroup name={name} options={keyedOptions(question, label)} selected={value} onSelect={onChange} />;
}
