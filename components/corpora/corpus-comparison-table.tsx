import Link from 'next/link';
import type { CorpusComparisonRow } from '@/lib/db/dashboards/corpus-comparison';
import { measureCatalog, type MeasureKey } from '@/lib/measures/catalog';
import { formatCount, formatMeasure } from './measure-format';

function MeanSd({ mean, sd }: { mean: number | null; sd: number | null }) {
  if (mean === null) return <>–</>;
  return (
    <>
      {formatMeasure(mean)}
      {sd !== null && <span className="muted small"> ±{formatMeasure(sd)}</span>}
    </>
  );
}

export function CorpusComparisonTable({ rows, columns }: { rows: CorpusComparisonRow[]; columns: readonly MeasureKey[] }) {
  return (
    <table className="data" aria-label="Corpus comparison">
      <thead>
        <tr>
          <th>Corpus</th>
          <th className="num">n</th>
          <th className="num">ST &gt; 0.8</th>
          <th className="num">length</th>
          {columns.map((k) => (
            <th key={k} className="num">
              {measureCatalog[k].label}
            </th>
          ))}
          <th>semantic axis</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.corpusId}>
            <td>
              <Link href={`/corpora/${r.slug}`}>{r.name}</Link>
            </td>
            <td className="num">{formatCount.format(r.n)}</td>
            <td className="num">{r.stAbove08Share === null ? '–' : `${(r.stAbove08Share * 100).toFixed(0)} %`}</td>
            <td className="num">
              <MeanSd mean={r.lengthMean} sd={r.lengthSd} />
            </td>
            {columns.map((k) => (
              <td key={k} className="num">
                <MeanSd mean={r.means[k] ?? null} sd={r.sds[k] ?? null} />
              </td>
            ))}
            <td
              className="small"
              title={r.usesFallback ? `${r.semFormula}: GloVe or WordNet, not (only) the paper’s measures` : r.semFormula}
            >
              {r.semanticAxis}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
