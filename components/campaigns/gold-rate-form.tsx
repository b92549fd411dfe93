'use client';
import { useState, useTransition, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { setGoldEveryContract } from '@/lib/api/contracts/campaign-controls';
import { Field } from '@/components/ui/field';
import { SubmitWithStatus } from '@/components/ui/submit-with-status';

/**
 * How often annotators get a gold pair: a campaign starts with none (no gold pair can be marked before
 * it exists); once gold pairs are marked below, this turns them on. The step the campaign page shows.
 */
export function GoldRateForm({ slug, goldEvery, goldPairs }: { slug: string; goldEvery: number; goldPairs: number }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = Number(new FormData(event.currentTarget).get('goldEvery'));
    startTransition(async () => {
      const result = await callApi(setGoldEveryContract, { params: { id: slug }, body: { goldEvery: value } });
      setMessage(
        result.ok
          ? { ok: true, text: value === 0 ? 'Saved: no gold pairs are handed out.' : `Saved: one gold pair in every ${value}.` }
          : { ok: false, text: result.message },
      );
      if (result.ok) router.refresh();
    });
  };
  return (
    <form className="row" aria-label="Gold pairs handed out" onSubmit={submit} style={{ alignItems: 'flex-end' }}>
      <Field
        label="One gold pair in every"
        hint={
          goldPairs === 0
            ? '0 = none. Mark gold pairs below first; annotators get gold pairs only once some exist.'
            : '0 = none; each annotator gets each gold pair once.'
        }
      >
        <input name="goldEvery" type="number" min={0} max={100} defaultValue={goldEvery} style={{ width: '6rem' }} />
      </Field>
      <SubmitWithStatus label="Save" busy={isPending} message={message} />
    </form>
  );
}
