import Link from 'next/link';
import type { CorrelationCell } from '@/lib/dashboards/correlation-table';
import { measureCatalog, type MeasureKey } from '@/lib/measures/catalog';

const f = (v: number | null, d = 3) => (v === null ? '–' : v.toFixed(d));
const p = (v: number | null) => (v === null ? '–' : v < 0.001 ? '< 0.001' : v.toFixed(3));
const ci = (i: [number, number] | null) => (i ? `[${f(i[0], 2)}, ${f(i[1], 2)}]` : '');

/**
 * Every measure against a corpus's own scores: r [CI] p, ρ [CI] p, τ-b, n; a row links to its
 * scatter when `scatterHref` is given.
 */
export function ReferenceCorrelationTable({
  measures,
  cells,
  scatterHref,
  current,
}: {
  measures: readonly MeasureKey[];
  cells: Record<MeasureKey, CorrelationCell>;
  scatterHref?: (k: MeasureKey) => string;
  current?: MeasureKey;
}) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className="data" aria-label="Correlations with the corpus's own scores">
        <thead>
          <tr>
            <th>measure</th>
            <th>n</th>
            <th>Pearson r [95% CI]</th>
            <th>p</th>
            <th>Spearman ρ [95% CI]</th>
            <th>p</th>
            <th>Kendall τ-b</th>
          </tr>
        </thead>
        <tbody>
          {measures.map((k) => {
            const c = cells[k];
            const label = measureCatalog[k].label;
            return (
              <tr key={k} data-measure={k} aria-current={k === current ? 'true' : undefined}>
                <th scope="row" title={measureCatalog[k].description}>
                  {scatterHref ? <Link href={scatterHref(k)}>{label}</Link> : label}
                </th>
                <td>{c.n}</td>
                {c.pearson === null && c.spearman === null ? (
                  <td colSpan={5} className="muted small">
                    {c.n === 0
                      ? 'no values in this corpus (not computed yet, or no model for it)'
                      : `undefined${c.reason ? `: ${c.reason}` : ''}`}
                  </td>
                ) : (
                  <>
                    <td>
                      {f(c.pearson)} <span className="small muted">{ci(c.ci95)}</span>
                    </td>
                    <td>{p(c.pValue)}</td>
                    <td>
                      {f(c.spearman)} <span className="small muted">{ci(c.spearmanCi95)}</span>
                    </td>
                    <td>{p(c.spearmanPValue)}</td>
                    <td>{f(c.kendall)}</td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
