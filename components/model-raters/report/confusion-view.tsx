import Link from 'next/link';
import type { ConfusionMatrix } from '@/lib/model-raters/report/judge-types';
import { cellPairsHref, type CellLink } from './report-search';
import styles from '../model-raters.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

/**
 * A confusion matrix whose every non-empty count opens the list of its pairs (rows and columns as
 * the report names them: the model against the final label, or the stored order against the texts
 * exchanged).
 */
export function ConfusionView({
  matrix,
  label,
  runBase,
  kind,
  question,
}: {
  matrix: ConfusionMatrix;
  label: string;
  runBase: string;
  kind: CellLink['kind'];
  question: string;
}) {
  const { categories, cells } = matrix;
  if (categories.length === 0) return <p className="small muted">No answers to tabulate.</p>;
  return (
    <div className="table-scroll" {...scrollArea(label)}>
      <table className={`data ${styles.matrix}`} aria-label={label} style={{ width: 'auto' }}>
        <caption className="small muted" style={{ textAlign: 'left', captionSide: 'top' }}>
          rows: {matrix.rows} · columns: {matrix.columns} · a count opens its pairs
        </caption>
        <thead>
          <tr>
            <th scope="col">
              {matrix.rows} ↓ · {matrix.columns} →
            </th>
            {categories.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((row, i) => (
            <tr key={row}>
              <th scope="row">{row}</th>
              {categories.map((column, j) => {
                const cell = cells[i]?.[j] ?? { n: 0, pairIds: [] };
                return (
                  <td key={column} className={i === j ? styles.diagonal : undefined}>
                    {cell.n > 0 ? (
                      <Link
                        href={cellPairsHref(runBase, { kind, question, row, column, n: cell.n, ids: cell.pairIds })}
                        aria-label={`${cell.n} pairs: ${matrix.rows} ${row}, ${matrix.columns} ${column}`}
                      >
                        {cell.n.toLocaleString('en')}
                      </Link>
                    ) : (
                      <span className="muted">0</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
