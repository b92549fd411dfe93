'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { startScoringAction } from '@/lib/actions/scoring';

/** Queues a scoring job of a corpus's missing GloVe measures (the corpus page's scoring, for one corpus at a time). */
export function ScoreGloveButton({ slug, name }: { slug: string; name: string }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  if (message?.ok) return <span className="small">{message.text}</span>;
  return (
    <span className="row">
      <button
        type="button"
        aria-label={`Compute the GloVe measures of ${name}`}
        disabled={isPending}
        onClick={() =>
          startTransition(async () => {
            const result = await startScoringAction({ slug, measures: ['wmsGlove', 'gloveCosine'] });
            setMessage(
              result.ok ? { ok: true, text: `Scoring job #${result.data.jobId} is queued.` } : { ok: false, text: result.error },
            );
            if (result.ok) router.refresh();
          })
        }
      >
        Compute
      </button>
      {message && <span className="error">{message.text}</span>}
    </span>
  );
}
