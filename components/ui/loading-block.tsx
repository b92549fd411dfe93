/** Placeholder shown while a section of a page streams in (in-page Suspense, after access checks). */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <p className="muted card" role="status" aria-live="polite">
      Loading {label}…
    </p>
  );
}
