'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { startExportContract } from '@/lib/api/contracts/exports';
import { CAMPAIGN_PARTS, EXPORT_PARTS, PART_LABELS, type ExportFormatName, type ExportPart } from '@/lib/export/export-options';
import { CheckboxGroup, RadioGroup } from '@/components/ui/choice';

export interface ExportScopeChoices {
  corpora: Array<{ slug: string; name: string; pairs: number }>;
  campaigns: Array<{ slug: string; name: string; items: number }>;
}

const FORMAT_LABELS: Record<ExportFormatName, string> = {
  csv: 'CSV',
  jsonl: 'JSON Lines',
  hf: 'Hugging Face dataset (.tar.gz folder with a dataset card)',
};
const FORMAT_OPTIONS = (Object.keys(FORMAT_LABELS) as ExportFormatName[]).map((f) => ({ value: f, label: FORMAT_LABELS[f] }));
const SCOPE_OPTIONS = [
  { value: 'corpus', label: 'A corpus' },
  { value: 'campaign', label: 'A campaign' },
] as const;

/**
 * Start an export of a corpus, a campaign or (when `view` is given) the explorer view it came from;
 * `initial` opens it on one corpus or campaign (the corpus and campaign pages link here).
 */
export function ExportForm({
  choices,
  view,
  viewHasCampaign = false,
  initial = null,
}: {
  choices: ExportScopeChoices;
  view: string | null;
  viewHasCampaign?: boolean;
  initial?: { scope: 'corpus' | 'campaign'; slug: string } | null;
}) {
  const router = useRouter();
  const [scope, setScope] = useState<'corpus' | 'campaign' | 'view'>(view !== null ? 'view' : (initial?.scope ?? 'corpus'));
  const [slug, setSlug] = useState(initial?.slug ?? choices.corpora[0]?.slug ?? '');
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
  const toggle = (part: ExportPart, on: boolean) =>
    setParts((old) => {
      const next = new Set(old);
      if (on) next.add(part);
      else next.delete(part);
      return next;
    });
  const partOptions = EXPORT_PARTS.map((p) => {
    const needsCampaign = CAMPAIGN_PARTS.includes(p) && !hasCampaign;
    return {
      value: p,
      label: PART_LABELS[p],
      disabled: needsCampaign,
      hint: needsCampaign ? '(campaign exports only)' : undefined,
    };
  });

  return (
    <form
      className="card stack"
      aria-label="New export"
      onSubmit={(event) => {
        event.preventDefault();
        startTransition(async () => {
          const result = await callApi(startExportContract, {
            body: { scope, ...(scope === 'view' ? { view: view ?? '' } : { slug }), format, include: chosen },
          });
          setMessage(
            result.ok
              ? { ok: true, text: `Export #${result.data.jobId} is queued; it appears below.` }
              : { ok: false, text: result.message },
          );
          if (result.ok) router.refresh();
        });
      }}
    >
      {view !== null ? (
        <p>
          Explorer view <code>{view || '(no filters)'}</code>: exactly the rows it shows, on all its pages, in its order.
        </p>
      ) : (
        <RadioGroup
          legend="What to export"
          name="scope"
          options={SCOPE_OPTIONS}
          value={scope === 'view' ? undefined : scope}
          onChange={pickScope}
        >
          <select aria-label={scope === 'corpus' ? 'Corpus' : 'Campaign'} value={slug} onChange={(e) => setSlug(e.target.value)}>
            {scope === 'corpus'
              ? choices.corpora.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name} ({c.pairs.toLocaleString('en')} pairs)
                  </option>
                ))
              : choices.campaigns.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name} ({c.items.toLocaleString('en')} pairs)
                  </option>
                ))}
          </select>
        </RadioGroup>
      )}
      <RadioGroup legend="Format" name="format" options={FORMAT_OPTIONS} value={format} onChange={setFormat} />
      <CheckboxGroup
        legend="What goes in (ids always do)"
        name="include"
        layout="stack"
        options={partOptions}
        values={chosen}
        onToggle={toggle}
      />
      <div className="row">
        <button type="submit" disabled={isPending || (scope !== 'view' && !slug)}>
          Start export
        </button>
        {message && (
          <span role="status" className={message.ok ? 'small' : 'error'}>
            {message.text}
          </span>
        )}
      </div>
    </form>
  );
}
