'use client';
import { YES_NO_KEYS } from './keymap';
import { OptionGroup } from './option-group';

interface Props {
  name: string;
  value: boolean | undefined;
  onChange: (value: boolean) => void;
}

/** A paraphrase yes/no question (loose or strict definition); y and n answer it. */
export function YesNo({ name, value, onChange }: Props) {
  const options = [
    { value: 'yes', shortcut: YES_NO_KEYS.yes, label: 'Yes' },
    { value: 'no', shortcut: YES_NO_KEYS.no, label: 'No' },
  ];
  return (
    <OptionGroup
      name={name}
      options={options}
      selected={value === undefined ? undefined : value ? 'yes' : 'no'}
      onSelect={(v) => onChange(v === 'yes')}
    />
  );
}
