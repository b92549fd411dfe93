'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { startScoringContract } from '@/lib/api/contracts/scoring';
import { CheckboxGroup } from '@/components/ui/choice';
import { useCheckedSet } from './use-checked-set';

export interface ScorableMeasure {
  key: string;
  label: string;
  ready: boolean;
  /** why it cannot run (missing model files) */
  note: string | null;
}

/** Start a job that fills in the chosen measures for the pairs that lack them. */
export function StartScoringForm({ slug, measures }: { slug: string; measures: ScorableMeasure[] }) {
  const router = useRouter();
  const [chosen, toggle] = useCheckedSet(measures.filter((m) => m.ready).map((m) => m.key));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  return (
    <form
      className="stack"
      aria-label="Compute semantic measures"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await callApi(startScoringContract, { params: { slug }, body: { measures: [...chosen] } });
          setMessage(
            result.ok ? { ok: true, text: `Scoring job #${result.data.jobId} is queued.` } : { ok: false, text: result.message },
          );
          if (result.ok) router.refresh();
        });
      }}
    >
      <CheckboxGroup
        legend="Compute the missing values of"
        name="measure"
        options={measures.map((m) => ({
          value: m.key,
          label: m.label,
          title: m.note ?? undefined,
          disabled: !m.ready,
          hint: m.ready ? undefined : `(${m.note?.startsWith('English only') ? 'English only' : 'no model'})`,
        }))}
        values={[...chosen]}
        onToggle={(key) => toggle(key)}
      />
      <div className="row">
        <button type="submit" disabled={isPending || chosen.size === 0}>
          Compute missing measures
        </button>
        {message && <span className={message.ok ? 'small' : 'error'}>{message.text}</span>}
      </div>
    </form>
  );
}
