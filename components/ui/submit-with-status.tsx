/** A form's submit button and, after a try, what came of it (role status). */
export function SubmitWithStatus({
  label,
  busy,
  message,
}: {
  label: string;
  busy: boolean;
  message: { ok: boolean; text: string } | null;
}) {
  return (
    <>
      <div>
        <button type="submit" disabled={busy}>
          {label}
        </button>
      </div>
      {message && (
        <p className={`alert ${message.ok ? 'success' : 'error'}`} role="status">
          {message.text}
        </p>
      )}
    </>
  );
}
