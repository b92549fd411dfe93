/** The API's messages for one part of the form, under that part. */
export function FieldErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="field-error" role="alert" style={{ margin: 0, paddingLeft: '1.1rem' }}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}
