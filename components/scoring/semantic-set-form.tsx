'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { setSemMeasuresContract } from '@/lib/api/contracts/scoring';
import { CheckboxGroup } from '@/components/ui/choice';
import { useCheckedSet } from './use-checked-set';

/** Which semantic measures form sem and delta for this corpus; saving recomputes them. */
export function SemanticSetForm({
  slug,
  options,
  current,
}: {
  slug: string;
  options: Array<{ key: string; label: string; fallback: boolean }>;
  current: string[];
}) {
  const router = useRouter();
  const [chosen, toggle] = useCheckedSet(current);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  return (
    <form
      className="stack"
      aria-label="Semantic axis"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await callApi(setSemMeasuresContract, { params: { slug }, body: { measures: [...chosen] } });
          setMessage(
            result.ok
              ? { ok: true, text: `Saved: sem and Δ recomputed for ${result.data.recomputed.toLocaleString('en')} pairs.` }
              : { ok: false, text: result.message },
          );
          if (result.ok) router.refresh();
        });
      }}
    >
      <CheckboxGroup
        legend="sem and Δ average"
        name="semMeasure"
        options={options.map((o) => ({
          value: o.key,
          label: o.label,
          hint: o.fallback ? '(only where no measure above it is there)' : undefined,
        }))}
        values={[...chosen]}
        onToggle={(key) => toggle(key)}
      />
      <div className="row">
        <button type="submit" disabled={isPending}>
          Save and recompute
        </button>
        {message && <span className={message.ok ? 'small' : 'error'}>{message.text}</span>}
      </div>
    </form>
  );
}
