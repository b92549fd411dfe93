'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { completeMeasuresContract } from '@/lib/api/contracts/scoring';

export interface MissingMeasuresFacts {
  /** "5 pairs lack WordNet" (lib/measures/measure-completion.ts describeMissingMeasures); empty when none is missing */
  missing: string;
  pairs: number;
  /** labels of the measures the corpus should have */
  expected: string[];
  /** why start-up leaves them (a job waiting or running, a cancelled job, archived), or null */
  waitingFor: string | null;
  hasActiveJob: boolean;
}

/**
 * How many pairs lack each measure the corpus should have (its semantic set, as far as this
 * installation computes it), and a button that queues a scoring job for exactly those.
 */
export function MissingMeasuresNotice({ slug, facts }: { slug: string; facts: MissingMeasuresFacts }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  if (facts.expected.length === 0) return null;
  if (!facts.missing)
    return (
      <p className="small muted" data-testid="missing-measures">
        Every pair has the measures this corpus should have ({facts.expected.join(', ')}).
      </p>
    );
  const state = facts.hasActiveJob
    ? 'A scoring job of this corpus is waiting or running; it fills in the pairs that lack its measures.'
    : facts.waitingFor
      ? `Paralens does not complete them when it starts (${facts.waitingFor}); the button does.`
      : 'Paralens completes them when it next starts, or now with the button.';
  return (
    <div className="stack" data-testid="missing-measures">
      <p>
        <strong>
          {facts.missing} (of {facts.pairs.toLocaleString('en')})
        </strong>
        : measures this corpus should have, as they form sem and this installation computes them. {state}
      </p>
      <div className="row">
        <button
          type="button"
          disabled={isPending}
          onClick={() =>
            startTransition(async () => {
              const result = await callApi(completeMeasuresContract, { params: { slug } });
              setMessage(
                result.ok
                  ? { ok: true, text: `Scoring job #${result.data.jobId} is queued for ${result.data.measures.join(', ')}.` }
                  : { ok: false, text: result.message },
              );
              if (result.ok) router.refresh();
            })
          }
        >
          Complete the missing measures
        </button>
        {message && (
          <span className={message.ok ? 'small' : 'error'} role="status">
            {message.text}
          </span>
        )}
      </div>
    </div>
  );
}
