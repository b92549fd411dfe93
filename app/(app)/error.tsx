'use client';

export default function AppError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="card status-page" role="alert">
      <h1>Something went wrong</h1>
      <p className="muted">
        The page could not be shown.{' '}
        {error.digest ? (
          <>
            Reference: <code>{error.digest}</code>.
          </>
        ) : null}
      </p>
      <button type="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
