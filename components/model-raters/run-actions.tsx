'use client';
import Link from 'next/link';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/client';
import { cancelJobContract } from '@/lib/api/contracts/jobs';
import { deleteModelRunContract, resumeModelRunContract, startModelRunContract } from '@/lib/api/contracts/model-runs';
import { ConfirmButton } from './confirm-button';
import { isLive, type RunJson } from './format';

/**
 * What can be done with a run: open it (in a list), cancel it while it waits or runs, resume it when
 * it failed or was cancelled (it asks only what it has not recorded), repeat it with every setting
 * (a new run, to see whether the model drifted), delete it with its answers and measures (asked
 * first; refused while it waits or runs). `afterDelete` is where to go once deleted.
 */
export function RunActions({
  run,
  campaignSlug,
  showOpen = false,
  afterDelete,
}: {
  run: RunJson;
  campaignSlug: string;
  showOpen?: boolean;
  afterDelete?: string;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const live = isLive(run);
  const base = `/campaigns/${encodeURIComponent(campaignSlug)}/model-runs`;
  const name = `run #${run.id}`;

  function post(action: 'cancel' | 'resume') {
    setError(null);
    startTransition(async () => {
      const result =
        action === 'cancel'
          ? await callApi(cancelJobContract, { params: { kind: 'model-run', id: run.id } })
          : await callApi(resumeModelRunContract, { params: { id: run.id } });
      if (!result.ok) setError(result.message);
      router.refresh();
    });
  }

  function repeat() {
    setError(null);
    startTransition(async () => {
      const result = await callApi(startModelRunContract, { params: { id: run.campaign.id }, body: { repeatOf: run.id } });
      if (!result.ok) return setError(result.message);
      router.push(`${base}/${result.data.id}`);
    });
  }

  async function remove(): Promise<string | null> {
    const result = await callApi(deleteModelRunContract, { params: { id: run.id } });
    if (!result.ok) return result.message;
    if (afterDelete) router.push(afterDelete);
    router.refresh();
    return null;
  }

  return (
    <div className="stack" style={{ gap: 4 }}>
      <div className="row" style={{ flexWrap: 'nowrap' }}>
        {showOpen && (
          <Link href={`${base}/${run.id}`} aria-label={`Open ${name}`}>
            Open
          </Link>
        )}
        {live && !run.cancelRequested && (
          <button
            type="button"
            className="secondary"
            onClick={() => post('cancel')}
            disabled={isPending}
            aria-label={`Cancel ${name}`}
          >
            Cancel
          </button>
        )}
        {(run.status === 'FAILED' || run.status === 'CANCELLED') && (
          <button type="button" onClick={() => post('resume')} disabled={isPending} aria-label={`Resume ${name}`}>
            Resume
          </button>
        )}
        {!live && (
          <button type="button" className="secondary" onClick={repeat} disabled={isPending} aria-label={`Repeat ${name}`}>
            Repeat
          </button>
        )}
        {!live && (
          <ConfirmButton
            label="Delete"
            ariaLabel={`Delete ${name}`}
            title={`Delete model run #${run.id} (${run.rater})?`}
            confirmLabel="Delete run"
            action={remove}
          >
            <p>
              This deletes its {run.requestsDone.toLocaleString('en')} recorded requests with their raw output, its answers and
              the corpus measures made from them. The campaign and the annotators&apos; answers are not touched. This cannot be
              undone.
            </p>
          </ConfirmButton>
        )}
      </div>
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
    </div>
  );
}
