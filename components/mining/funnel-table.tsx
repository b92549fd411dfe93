import { PAPER_TABLE_3, type FunnelRow } from '@/lib/mining/funnel';
import { formatDelta } from './mining-format';

const count = new Intl.NumberFormat('en');

/** A run's funnel in the layout of paper Table 3, with the paper's own figures under each row. */
export function FunnelTable({ rows, label }: { rows: FunnelRow[]; label: string }) {
  return (
    <table className="data" aria-label={label}>
      <thead>
        <tr>
          <th>Filter</th>
          <th className="num">Images</th>
          <th className="num">Δ</th>
          <th className="num">Refs ≥ 2</th>
          <th className="num">Refs ≥ 5</th>
          <th className="num">References</th>
          <th className="num">Δ</th>
          <th className="num">μimg</th>
          <th className="num">Captions</th>
          <th className="num">Δ</th>
          <th className="num">Pairs</th>
          <th className="num">Δ</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => {
          const prev = rows[i - 1];
          const paper = PAPER_TABLE_3[row.step];
          return (
            <tr key={row.step}>
              <td>
                {row.step}. {row.name}
                {paper && (
                  <div className="small muted" title="Paper Table 3 (enwiki-20220901, gold)">
                    paper: {count.format(paper.images)} images · {count.format(paper.references)} refs ·{' '}
                    {count.format(paper.pairs)} pairs
                  </div>
                )}
              </td>
              <td className="num">{count.format(row.images)}</td>
              <td className="num">{formatDelta(prev?.images, row.images)}</td>
              <td className="num">{count.format(row.imagesRefs2)}</td>
              <td className="num">{count.format(row.imagesRefs5)}</td>
              <td className="num">{count.format(row.references)}</td>
              <td className="num">{formatDelta(prev?.references, row.references)}</td>
              <td className="num">{row.meanRefs === null ? '–' : row.meanRefs.toFixed(2)}</td>
              <td className="num">{count.format(row.captions)}</td>
              <td className="num">{formatDelta(prev?.captions, row.captions)}</td>
              <td className="num">{count.format(row.pairs)}</td>
              <td className="num">{formatDelta(prev?.pairs, row.pairs)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
