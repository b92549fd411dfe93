'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { redrawCampaignContract } from '@/lib/api/contracts/campaign-controls';

/** Draws the campaign's sample again as it was drawn, into a new draft campaign (the page then opens it). */
export function RedrawButton({ slug }: { slug: string }) {
  const router = useRouter();
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
            const result = await callApi(redrawCampaignContract, { params: { id: slug } });
            if (!result.ok) return setError(result.message);
            router.push(`/campaigns/${result.data.slug}`);
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
