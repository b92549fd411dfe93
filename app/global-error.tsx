'use client';

export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <main style={{ maxWidth: 560, margin: '10vh auto', fontFamily: 'system-ui', textAlign: 'center' }}>
          <h1>Paralens could not load</h1>
          <button type="button" onClick={reset}>
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
