'use client';
import { useState, useTransition } from 'react';
import { redrawCampaignAction } from '@/lib/actions/campaigns';

/** Draws the campaign's sample again as it was drawn, into a new draft campaign (the page then opens it). */
export function RedrawButton({ slug }: { slug: string }) {
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  return (
    <div className="row">
      <button
        type="button"
        className="secondary"
        disabled={isPending}
        onClick={() =>
          startTransition(async () => {
            const result = await redrawCampaignAction({ slug });
            if (!result.ok) setError(result.error);
          })
        }
      >
        {isPending ? 'Drawing…' : 'Draw again as it was drawn'}
      </button>
      {error && (
        <span role="alert" className="error">
          {error}
        </span>
      )}
    </div>
  );
}
