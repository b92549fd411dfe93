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
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </>
  );
}

/**
 * Cancels a waiting job or asks a running one to stop (POST /api/v1/jobs/{kind}/{id}/cancel); the
 * job's progress (or `refresh`: the page) then shows it ended. A refusal is said beside the button.
 */
export function CancelJobButton({
  kind,
  id,
  label = 'Cancel',
  ariaLabel,
  className = 'danger',
  disabled = false,
  refresh = false,
}: {
  kind: CancellableJobKind;
  id: number;
  label?: string;
  ariaLabel?: string;
  className?: string;
  disabled?: boolean;
  refresh?: boolean;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const cancel = () =>
    startTransition(async () => {
      const result = await callApi(cancelJobContract, { params: { kind, id } });
      setError(result.ok ? null : result.message);
      if (refresh) router.refresh();
    });
  return (
    <>
      <button type="button" className={className} disabled={isPending || disabled} onClick={cancel} aria-label={ariaLabel}>
        {label}
      </button>
      {error && (
        <span role="alert" className="field-error">
          {error}
        </span>
      )}
    </>
  );
}
