/**
 * Checkboxes and radios with their words beside them: one `Checkbox` or `Radio`, or a group of
 * them under a legend (`RadioGroup`, `CheckboxGroup`). Controlled when given `onChange` /
 * `onToggle` (with `value` / `values`), otherwise left to the browser (`defaultValue(s)`, read from
 * the form data). The `.choice` rules in app/globals.css lay them out;
 * no form needs its own CSS for it. Server components can render them too (no hooks).
 */
import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

export interface ChoiceProps extends InputProps {
  /** the words beside the box: they name it */
  label: ReactNode;
  /** smaller words after the label (part of the name too) */
  hint?: ReactNode;
  /** a tooltip on the whole choice */
  title?: string;
}

/** `className`, `style` and `title` go to the label (the whole choice), everything else to the input. */
function Choice({ type, label, hint, title, className, style, ...input }: ChoiceProps & { type: 'checkbox' | 'radio' }) {
  return (
    <label className={className ? `choice ${className}` : 'choice'} style={style} title={title}>
      <input type={type} {...input} />
      <span>
        {label}
        {hint ? <span className="small muted"> {hint}</span> : null}
      </span>
    </label>
  );
}

export function Checkbox(props: ChoiceProps) {
  return <Choice type="checkbox" {...props} />;
}

export function Radio(props: ChoiceProps) {
  return <Choice type="radio" {...props} />;
}

export interface ChoiceOption<T extends string> {
  value: T;
  label: ReactNode;
  hint?: ReactNode;
  title?: string;
  disabled?: boolean;
}

interface GroupProps<T extends string> {
  legend: ReactNode;
  /** the form field name of every box */
  name: string;
  options: ReadonlyArray<ChoiceOption<T>>;
  /** 'row': side by side, wrapping (short options); 'stack': one under another */
  layout?: 'row' | 'stack';
  /** more controls after the options, inside the fieldset (a picker the choice applies to) */
  children?: ReactNode;
  className?: string;
  disabled?: boolean;
}

/** The group's fieldset, its legend and a box per option; `state` says whether each is checked and what a change does. */
function Group<T extends string>({
  type,
  legend,
  name,
  options,
  layout = 'row',
  className,
  disabled,
  children,
  state,
}: GroupProps<T> & { type: 'checkbox' | 'radio'; state: (value: T) => InputProps }) {
  return (
    <fieldset className={['choice-group', layout, className].filter(Boolean).join(' ')} disabled={disabled}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <Choice
          key={o.value}
          type={type}
          name={name}
          value={o.value}
          label={o.label}
          hint={o.hint}
          title={o.title}
          disabled={o.disabled}
          className={o.disabled ? 'muted' : undefined}
          {...state(o.value)}
        />
      ))}
      {children}
    </fieldset>
  );
}

export function RadioGroup<T extends string>({
  value,
  defaultValue,
  onChange,
  ...group
}: GroupProps<T> & { value?: T; defaultValue?: T; onChange?: (value: T) => void }) {
  return (
    <Group
      {...group}
      type="radio"
      state={(v) => (onChange ? { checked: value === v, onChange: () => onChange(v) } : { defaultChecked: defaultValue === v })}
    />
  );
}

export function CheckboxGroup<T extends string>({
  values,
  defaultValues,
  onToggle,
  ...group
}: GroupProps<T> & { values?: readonly T[]; defaultValues?: readonly T[]; onToggle?: (value: T, checked: boolean) => void }) {
  return (
    <Group
      {...group}
      type="checkbox"
      state={(v) =>
        onToggle
          ? { checked: values?.includes(v) ?? false, onChange: (e) => onToggle(v, e.target.checked) }
          : { defaultChecked: defaultValues?.includes(v) ?? false }
      }
    />
  );
}
