import type { StratumProgress } from '@/lib/db/campaigns/campaign-progress';
import { describeSample, sortStrata, stratumEdges, stratumLabel, type SamplingRecord } from '@/lib/sampling/describe-sample';
import { StrataTable } from './strata-table';

const fmt = (n: number) => n.toLocaleString('en');

/** How the items were drawn, and per stratum: candidates, drawn, and how far the answers have got. */
export function SampleSummary({
  record,
  strata,
  corpora,
  reproducible = 'yes',
}: {
  record: SamplingRecord;
  strata: readonly StratumProgress[];
  corpora: string;
  /** whether the seed still draws the same pairs (lib/sampling/definitions.ts) */
  reproducible?: 'yes' | 'changed' | 'unknown';
}) {
  const progress = new Map(strata.map((s) => [s.stratum ?? '', s]));
  const bins = record.stratify?.kind === 'measure' ? record.stratify.bins : undefined;
  const rows = sortStrata(Object.entries(record.strata ?? {})).map(([stratum, count]) => {
    const edges = stratumEdges(stratum, record);
    const p = progress.get(stratum);
    return {
      stratum,
      label: stratumLabel(stratum, bins),
      lo: edges?.[0] ?? null,
      hi: edges?.[1] ?? null,
      ...count,
      complete: p ? `${fmt(p.completeItems)} of ${fmt(p.items)}` : '—',
    };
  });
  return (
    <div className="stack">
      <ul style={{ margin: 0 }}>
        <li>From {corpora}.</li>
        {describeSample(record, reproducible).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {rows.length > 0 && <StrataTable rows={rows} label="Sample per stratum" />}
    </div>
  );
}
