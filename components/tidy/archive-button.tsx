'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callTidyApi } from './api-call';

/** Archives or restores a corpus or campaign through its /api/v1 route, then reloads the page's data. */
export function ArchiveButton({ url, archived, what }: { url: string; archived: boolean; what: 'corpus' | 'campaign' }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const toggle = () =>
    startTransition(async () => {
      const result = await callTidyApi(url, 'PATCH', { archived: !archived });
      if (!result.ok) return setError(result.error);
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
