/**
 * A form field: its label, one control, an optional hint and its errors in plain words under it.
 * The control gets an id (unless it has one), `aria-invalid` while there are errors, and
 * `aria-describedby` pointing at the hint and the errors, so a screen reader reads them with it.
 */
import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';

interface ControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * The messages for one part of a form, under that part (a section of fields: announced as an
 * alert; a `Field`'s own: read with its control through aria-describedby instead).
 */
export function FieldErrors({ messages, id, alert = true }: { messages: readonly string[]; id?: string; alert?: boolean }) {
  if (messages.length === 0) return null;
  const role = alert ? 'alert' : undefined;
  if (messages.length === 1)
    return (
      <span id={id} className="field-error" role={role}>
        {messages[0]}
      </span>
    );
  return (
    <ul id={id} className="field-error" role={role}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

export function Field({
  label,
  hint,
  error,
  children,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  /** one message or several; none (or an empty list) when the value is fine */
  error?: string | readonly string[] | null;
  children: ReactElement<ControlProps>;
  className?: string;
}) {
  const ownId = useId();
  const id = children.props.id ?? ownId;
  const messages = error == null ? [] : typeof error === 'string' ? [error] : error;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = messages.length > 0 ? `${id}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-describedby': describedBy, 'aria-invalid': messages.length > 0 ? true : undefined })}
      {hint ? (
        <span id={hintId} className="small muted">
          {hint}
        </span>
      ) : null}
      <FieldErrors id={errorId} messages={messages} alert={false} />
    </div>
  );
}
