'use client';
import { RELATIONS, RELATION_LABELS } from '@/lib/annotation/relations';
import { RELATION_KEYS } from './keymap';
import { OptionGroup } from './option-group';

interface Props {
  name: string;
  value: string | undefined;
  onChange: (value: string) => void;
}

/**
 * The entailment relation between the texts as shown (thesis sec. 3.2): forward means Text 1
 * entails Text 2. The server maps it back when the texts were shown swapped.
 */
export function RelationChoice({ name, value, onChange }: Props) {
  const options = RELATIONS.map((r) => ({ value: r, shortcut: RELATION_KEYS[r], label: RELATION_LABELS[r].replace('first', 'Text 1').replace('second', 'Text 2') }));
  return <OptionGroup name={name} options={options} selected={value} onSelect={onChange} />;
}
