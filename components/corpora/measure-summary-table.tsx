import type { CorpusStats } from '@/lib/db/corpus-stats';
import { measureCatalog } from '@/lib/measures/catalog';
import { formatCount, formatMeasure } from './format';

export function MeasureSummaryTable({ stats }: { stats: CorpusStats }) {
  return (
    <>
      <p className="muted small">
        {formatCount.format(stats.pairs)} pairs · mean length {formatMeasure(stats.meanLength, 1)} words (sd{' '}
        {formatMeasure(stats.sdLength, 1)})
      </p>
      <table className="data" aria-label="Measure summary">
        <thead>
          <tr>
            <th>Measure</th>
            <th className="num">n</th>
            <th className="num">mean</th>
            <th className="num">sd</th>
            <th className="num">min</th>
            <th className="num">max</th>
          </tr>
        </thead>
        <tbody>
          {stats.measures.map((m) => (
            <tr key={m.key}>
              <td title={measureCatalog[m.key].description}>{measureCatalog[m.key].label}</td>
              <td className="num">{formatCount.format(m.n)}</td>
              <td className="num">{formatMeasure(m.mean)}</td>
              <td className="num">{formatMeasure(m.sd)}</td>
              <td className="num">{formatMeasure(m.min)}</td>
              <td className="num">{formatMeasure(m.max)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
