/** The end of a confirmation dialog: the server's refusal, the confirming button and Cancel. */
export function DialogFooter({
  error,
  label,
  pendingLabel,
  isPending,
  disabled,
  danger = false,
  onCancel,
}: {
  error: string | null;
  label: string;
  pendingLabel: string;
  isPending: boolean;
  disabled: boolean;
  danger?: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
      <div className="row">
        <button type="submit" className={danger ? 'danger' : undefined} disabled={disabled || isPending}>
          {isPending ? pendingLabel : label}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
