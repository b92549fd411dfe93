'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { archiveTarget, type TidyTarget } from './tidy-target';

/** Archives or restores a corpus or campaign through its /api/v1 route, then reloads the page's data. */
export function ArchiveButton({ target, archived }: { target: TidyTarget; archived: boolean }) {
  const what = target.what;
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const toggle = () =>
    startTransition(async () => {
      const result = await archiveTarget(target, !archived);
      if (!result.ok) return setError(result.message);
      setError(null);
      router.refresh();
    });
  return (
    <>
      <button
        type="button"
        className="secondary"
        disabled={isPending}
        onClick={toggle}
        title={
          archived
            ? `Show the ${what} in lists and pickers again`
            : `Hide the ${what} from lists and pickers; it stays reachable here, in exports and dashboards`
        }
      >
        {archived ? 'Restore' : 'Archive'}
      </button>
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
    </>
  );
}
