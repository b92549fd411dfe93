import type { CorrelationCell } from '@/lib/dashboards/correlation-table';
import { measureCatalog, type MeasureKey } from '@/lib/measures/catalog';

const f = (v: number | null, d = 2) => (v === null ? '–' : v.toFixed(d));
const p = (v: number | null) => (v === null ? '–' : v < 0.001 ? '< 0.001' : v.toFixed(3));

/** r [95% CI] · ρ · τ-b · n · p, or "undefined" with the reason. */
function Cell({ cell }: { cell: CorrelationCell }) {
  if (cell.pearson === null && cell.spearman === null) {
    return (
      <td className="muted small" title={cell.reason}>
        undefined (n = {cell.n}
        {cell.reason ? `; ${cell.reason}` : ''})
      </td>
    );
  }
  return (
    <td>
      r {f(cell.pearson)} <span className="small muted">[{cell.ci95 ? `${f(cell.ci95[0])}, ${f(cell.ci95[1])}` : '–'}]</span> · ρ{' '}
      {f(cell.spearman)}
      <div className="small muted">
        τ {f(cell.kendall)} · n {cell.n} · p {p(cell.pValue)}
      </div>
    </td>
  );
}

export interface CorpusTable {
  corpus: string;
  table: Readonly<Record<string, CorrelationCell>>;
}

/**
 * Paper Table 6: a block of measures against one rating axis; pooled first, then each corpus.
 * Measures are catalogue keys, or a user measure's name with `labelOf` naming it.
 */
export function CorrelationBlock({
  title,
  measures,
  pooled,
  byCorpus,
  labelOf = (k) => measureCatalog[k as MeasureKey].label,
}: {
  title: string;
  measures: readonly string[];
  pooled: Readonly<Record<string, CorrelationCell>>;
  byCorpus: readonly CorpusTable[];
  labelOf?: (key: string) => string;
}) {
  return (
    <table className="data" aria-label={title}>
      <thead>
        <tr>
          <th>{title}</th>
          <th>pooled</th>
          {byCorpus.map((c) => (
            <th key={c.corpus}>{c.corpus}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {measures.map((k) => (
          <tr key={k} data-measure={k}>
            <th scope="row">{labelOf(k)}</th>
            <Cell cell={pooled[k]!} />
            {byCorpus.map((c) => (
              <Cell key={c.corpus} cell={c.table[k]!} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
