import type { StratumProgress } from '@/lib/db/campaign-progress';
import { describeSample, sortStrata, stratumEdges, stratumLabel, type SamplingRecord } from '@/lib/sampling/describe-sample';

const fmt = (n: number) => n.toLocaleString('en');

/** How the items were drawn, and per stratum: candidates, drawn, and how far the answers have got. */
export function SampleSummary({ record, strata, corpora }: { record: SamplingRecord; strata: readonly StratumProgress[]; corpora: string }) {
  const progress = new Map(strata.map((s) => [s.stratum ?? '', s]));
  const rows = sortStrata(Object.entries(record.strata ?? {}));
  const bins = record.stratify?.kind === 'measure' ? record.stratify.bins : undefined;
  return (
    <div className="stack">
      <ul style={{ margin: 0 }}>
        <li>From {corpora}.</li>
        {describeSample(record).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {rows.length > 0 && (
        <table className="data" aria-label="Sample per stratum">
          <thead>
            <tr>
              <th>Stratum</th>
              <th className="num">Range</th>
              <th className="num">Candidates</th>
              <th className="num">Drawn</th>
              <th className="num">Complete</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([stratum, count]) => {
              const edges = stratumEdges(stratum, record);
              const p = progress.get(stratum);
              return (
                <tr key={stratum}>
                  <td>{stratumLabel(stratum, bins)}</td>
                  <td className="num small">{edges ? `${edges[0].toFixed(3)} – ${edges[1].toFixed(3)}` : ''}</td>
                  <td className="num">{fmt(count.available)}</td>
                  <td className="num">{fmt(count.drawn)}</td>
                  <td className="num">{p ? `${fmt(p.completeItems)} of ${fmt(p.items)}` : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
