/** What is wrong with the filter in the address bar, parameter by parameter (the same messages as the API's 400s). */
export function FilterErrors({ errors }: { errors: Record<string, string> }) {
  return (
    <div className="alert error" role="alert">
      <strong>This view&apos;s filter cannot be used:</strong>
      <ul>
        {Object.entries(errors).map(([name, message]) => (
          <li key={name}>
            <code>{name}</code> {message}
          </li>
        ))}
      </ul>
    </div>
  );
}
