'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { startExportAction } from '@/lib/actions/exports';
import { CAMPAIGN_PARTS, EXPORT_PARTS, PART_LABELS, type ExportFormatName, type ExportPart } from '@/lib/export/options';

export interface ExportScopeChoices {
  corpora: Array<{ slug: string; name: string; pairs: number }>;
  campaigns: Array<{ slug: string; name: string; items: number }>;
}

const FORMAT_LABELS: Record<ExportFormatName, string> = { csv: 'CSV', jsonl: 'JSON Lines', hf: 'Hugging Face dataset (.tar.gz folder with a dataset card)' };

/** Start an export of a corpus, a campaign or (when `view` is given) the explorer view it came from. */
export function ExportForm({ choices, view, viewHasCampaign = false }: { choices: ExportScopeChoices; view: string | null; viewHasCampaign?: boolean }) {
  const router = useRouter();
  const [scope, setScope] = useState<'corpus' | 'campaign' | 'view'>(view !== null ? 'view' : 'corpus');
  const [slug, setSlug] = useState(choices.corpora[0]?.slug ?? '');
  const [format, setFormat] = useState<ExportFormatName>('jsonl');
  const [parts, setParts] = useState<Set<ExportPart>>(new Set(EXPORT_PARTS));
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const hasCampaign = scope === 'campaign' || (scope === 'view' && viewHasCampaign);
  const chosen = EXPORT_PARTS.filter((p) => parts.has(p) && (hasCampaign || !CAMPAIGN_PARTS.includes(p)));

  const pickScope = (next: 'corpus' | 'campaign') => {
    setScope(next);
    setSlug((next === 'corpus' ? choices.corpora[0]?.slug : choices.campaigns[0]?.slug) ?? '');
  };
  const toggle = (part: ExportPart) => setParts((old) => {
    const next = new Set(old);
    if (next.has(part)) next.delete(part);
    else next.add(part);
    return next;
  });

  return (
    <form
      className="card stack"
      aria-label="New export"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await startExportAction({ scope, ...(scope === 'view' ? { view: view ?? '' } : { slug }), format, include: chosen });
          setMessage(result.ok ? { ok: true, text: `Export #${result.data.jobId} is queued; it appears below.` } : { ok: false, text: result.error });
          if (result.ok) router.refresh();
        });
      }}
    >
      {view !== null ? (
        <p>
          Explorer view <code>{view || '(no filters)'}</code>: exactly the rows it shows, on all its pages, in its order.
        </p>
      ) : (
        <fieldset className="row">
          <legend>What to export</legend>
          <label><input type="radio" name="scope" checked={scope === 'corpus'} onChange={() => pickScope('corpus')} /> A corpus</label>
          <label><input type="radio" name="scope" checked={scope === 'campaign'} onChange={() => pickScope('campaign')} /> A campaign</label>
          <select aria-label={scope === 'corpus' ? 'Corpus' : 'Campaign'} value={slug} onChange={(e) => setSlug(e.target.value)}>
            {scope === 'corpus'
              ? choices.corpora.map((c) => <option key={c.slug} value={c.slug}>{c.name} ({c.pairs.toLocaleString('en')} pairs)</option>)
              : choices.campaigns.map((c) => <option key={c.slug} value={c.slug}>{c.name} ({c.items.toLocaleString('en')} pairs)</option>)}
          </select>
        </fieldset>
      )}
      <fieldset className="row">
        <legend>Format</legend>
        {(Object.keys(FORMAT_LABELS) as ExportFormatName[]).map((f) => (
          <label key={f}><input type="radio" name="format" value={f} checked={format === f} onChange={() => setFormat(f)} /> {FORMAT_LABELS[f]}</label>
        ))}
      </fieldset>
      <fieldset className="stack" style={{ gap: 4 }}>
        <legend>What goes in (ids always do)</legend>
        {EXPORT_PARTS.map((p) => {
          const needsCampaign = CAMPAIGN_PARTS.includes(p) && !hasCampaign;
          return (
            <label key={p} className={needsCampaign ? 'muted' : undefined}>
              <input type="checkbox" name="include" value={p} checked={parts.has(p) && !needsCampaign} disabled={needsCampaign} onChange={() => toggle(p)} /> {PART_LABELS[p]}
              {needsCampaign && <span className="small"> (campaign exports only)</span>}
            </label>
          );
        })}
      </fieldset>
      <div className="row">
        <button type="submit" disabled={isPending || (scope !== 'view' && !slug)}>Start export</button>
        {message && <span role="status" className={message.ok ? 'small' : 'error'}>{message.text}</span>}
      </div>
    </form>
  );
}
