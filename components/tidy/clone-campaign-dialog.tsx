'use client';
import { useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { cloneCampaignContract } from '@/lib/api/contracts/tidy';
import { DialogFooter } from './dialog-footer';

/** "Clone…": a new draft campaign with this one's settings, sample and gold answers, under a new name; opens it. */
export function CloneCampaignDialog({ campaignId, name }: { campaignId: number; name: string }) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [newName, setNewName] = useState(`${name} (copy)`);
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const clone = () =>
    startTransition(async () => {
      const result = await callApi(cloneCampaignContract, { params: { id: campaignId }, body: { name: newName } });
      if (!result.ok) return setError(result.message);
      dialog.current?.close();
      router.push(`/campaigns/${result.data.slug}`);
    });
  return (
    <>
      <button type="button" className="secondary" onClick={() => dialog.current?.showModal()}>
        Clone…
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby="clone-campaign-title" onClose={() => setError(null)}>
        <form
          method="dialog"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            clone();
          }}
        >
          <h2 id="clone-campaign-title">Clone “{name}”</h2>
          <p>
            The new campaign starts as a draft with the same corpora and sampled pairs, questions, guidelines, overlap, hold time,
            quality settings, gold answers and annotators. It has no answers, assignments or adjudications.
          </p>
          <label>
            Name of the new campaign
            <input value={newName} onChange={(e) => setNewName(e.target.value)} required maxLength={120} />
          </label>
          <DialogFooter
            error={error}
            label={'Clone campaign'}
            pendingLabel={'Cloning…'}
            isPending={isPending}
            disabled={newName.trim() === ''}

            onCancel={() => dialog.current?.close()}
          />
        </form>
      </dialog>
    </>
  );
}
