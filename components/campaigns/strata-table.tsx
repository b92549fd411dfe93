import type { SamplePreview } from '@/lib/api/contracts/campaign-preview';

/** A stratum as the preview gives it; once the campaign exists, with its complete pairs ("3 of 5"). */
export type StratumRow = NonNullable<SamplePreview['strata']>[number] & { complete?: string };

const fmt = (n: number) => n.toLocaleString('en');
const edge = (x: number | null) => (x === null ? '' : x.toFixed(3));

/** The sample per stratum: its range, the candidates in it and how many pairs were (or would be) drawn. */
export function StrataTable({ rows, label }: { rows: readonly StratumRow[]; label: string }) {
  const withProgress = rows.some((r) => r.complete !== undefined);
  return (
    <table className="data" aria-label={label}>
      <thead>
        <tr>
          <th>Stratum</th>
          <th className="num">From</th>
          <th className="num">To</th>
          <th className="num">Candidates</th>
          <th className="num">Drawn</th>
          {withProgress && <th className="num">Complete</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.stratum}>
            <td>{r.label}</td>
            <td className="num">{edge(r.lo)}</td>
            <td className="num">{edge(r.hi)}</td>
            <td className="num">{fmt(r.available)}</td>
            <td className="num">{fmt(r.drawn)}</td>
            {withProgress && <td className="num">{r.complete ?? '—'}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
