'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/client';
import {
  cancelJobContract,
  dismissJobContract,
  type CancellableJobKind,
  type DismissableJobKind,
} from '@/lib/api/contracts/jobs';

/** A refused request's sentence, beside the button that sent it. */
function Refusal({ error }: { error: string | null }) {
  return error ? (
    <span role="alert" className="field-error">
      {error}
    </span>
  ) : null;
}

/** Hides a failed or cancelled job from its list (POST /api/v1/jobs/{kind}/{id}/dismiss). */
export function DismissJobButton({ kind, id }: { kind: DismissableJobKind; id: number }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const dismiss = () =>
    startTransition(async () => {
      const result = await callApi(dismissJobContract, { params: { kind, id } });
      if (!result.ok) return setError(result.message);
      router.refresh();
    });
  return (
    <>
      <button
        type="button"
        className="secondary small"
        disabled={isPending}
        onClick={dismiss}
        aria-label={`Dismiss ${kind} ${id}`}
      >
        Dismiss
      </button>
      <Refusal error={error} />
    </>
  );
}

/**
 * Cancels a waiting job or asks a running one to stop (POST /api/v1/jobs/{kind}/{id}/cancel); the
 * job's progress (or `refresh`: the page, once it succeeded) then shows it ended. A refusal is said
 * beside the button; `describedBy` names what the button acts on for a screen reader.
 */
export function CancelJobButton({
  kind,
  id,
  label = 'Cancel',
  className = 'danger',
  disabled = false,
  refresh = false,
  describedBy,
}: {
  kind: CancellableJobKind;
  id: number;
  label?: string;
  className?: string;
  disabled?: boolean;
  refresh?: boolean;
  describedBy?: string;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const cancel = () =>
    startTransition(async () => {
      const result = await callApi(cancelJobContract, { params: { kind, id } });
      setError(result.ok ? null : result.message);
      if (refresh && result.ok) router.refresh();
    });
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={isPending || disabled}
        onClick={cancel}
        aria-describedby={describedBy}
      >
        {label}
      </button>
      <Refusal error={error} />
    </>
  );
}
