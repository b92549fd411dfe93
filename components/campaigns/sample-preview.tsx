'use client';
import { useEffect, useState } from 'react';
import {
  previewSampleContract,
  type SamplePreview as Preview,
  type SamplePreviewBody,
} from '@/lib/api/contracts/campaign-preview';
import { callApi } from '@/lib/api/typed-client';
import { formFieldErrors } from './campaign-request';
import { StrataTable } from './strata-table';

type Result = { kind: 'ready'; preview: Preview } | { kind: 'error'; message: string };

const fmt = (n: number) => n.toLocaleString('en');

async function fetchPreview(body: string): Promise<Result> {
  // `body` is the request's JSON already (it is also the key of the answer)
  const result = await callApi(previewSampleContract, { rawBody: body, contentType: 'application/json' });
  if (result.ok) return { kind: 'ready', preview: result.data };
  if (result.kind === 'network') return { kind: 'error', message: result.message };
  const error = result.kind === 'http' ? result.body?.error : undefined;
  const fields = Object.entries(formFieldErrors(error?.fields)).map(([k, m]) => `${k}: ${m}`);
  return {
    kind: 'error',
    message: fields.length > 0 ? fields.join('; ') : (error?.message ?? `The preview failed (HTTP ${result.status}).`),
  };
}

/** Asks POST /api/v1/campaigns/preview (debounced) how many pairs the sample would draw, per stratum. */
export function SamplePreview({ request }: { request: SamplePreviewBody | null }) {
  // The last answer, with the request it answers: a newer request shows "Counting…" until its own arrives.
  const [answer, setAnswer] = useState<{ key: string; result: Result } | null>(null);
  const key = request ? JSON.stringify(request) : '';
  useEffect(() => {
    if (!key) return;
    // In-flight requests are not aborted (the server would log a cut-off body); a late answer
    // for an older request is kept under its own key and never shown for the current one.
    const timer = setTimeout(() => {
      fetchPreview(key)
        .then((result) => setAnswer({ key, result }))
        .catch((error: unknown) =>
          setAnswer({ key, result: { kind: 'error', message: error instanceof Error ? error.message : 'The preview failed.' } }),
        );
    }, 350);
    return () => clearTimeout(timer);
  }, [key]);
  const result = answer && answer.key === key ? answer.result : null;
  const state = !key ? { kind: 'idle' as const } : (result ?? { kind: 'loading' as const });

  return (
    <section className="card stack" aria-labelledby="preview-heading" aria-live="polite" aria-busy={state.kind === 'loading'}>
      <h2 id="preview-heading">Sample preview</h2>
      {state.kind === 'idle' && <p className="muted">Choose at least one corpus to see how many pairs match.</p>}
      {state.kind === 'loading' && <p className="muted">Counting…</p>}
      {state.kind === 'error' && <p className="alert error">{state.message}</p>}
      {state.kind === 'ready' && <PreviewCounts preview={state.preview} />}
    </section>
  );
}

function PreviewCounts({ preview }: { preview: Preview }) {
  return (
    <>
      <p data-testid="preview-summary">
        <strong>{fmt(preview.filtered)}</strong> candidate pairs match the filters
        {preview.missingMeasure > 0 && <>, {fmt(preview.missingMeasure)} of them without the measure to stratify by</>}; the
        sample would draw <strong>{fmt(preview.items)}</strong>.
      </p>
      {preview.items === 0 && <p className="alert error">Nothing to draw: widen the filters or choose other corpora.</p>}
      {preview.short.length > 0 && (
        <p className="small" data-testid="preview-short">
          {preview.short.length} stratum{preview.short.length === 1 ? ' has' : 'a have'} fewer candidates than asked and give
          {preview.short.length === 1 ? 's' : ''} all it has.
        </p>
      )}
      {preview.strata && preview.strata.length > 0 && <StrataTable rows={preview.strata} label="Pairs per stratum" />}
    </>
  );
}
