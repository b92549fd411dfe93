import Link from 'next/link';
import type { LabelComparison } from '@/lib/dashboards/label-comparison';
import { formatCount, formatMeasure } from '@/components/corpora/measure-format';
import styles from './dashboards.module.css';

/** The confusion matrix of two label sets (rows: this campaign, columns: the other side), every cell a link to its pairs. */
export function LabelComparisonMatrix({
  comparison,
  otherName,
  cellHref,
}: {
  comparison: LabelComparison;
  otherName: string;
  cellHref: (mine: string, other: string) => string;
}) {
  const { categories, matrix } = comparison;
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className={`data ${styles.matrix}`} aria-label="Confusion matrix" style={{ width: 'auto' }}>
        <caption className="small muted" style={{ textAlign: 'left' }}>
          rows: this campaign&apos;s final labels · columns: {otherName}
        </caption>
        <thead>
          <tr>
            <th scope="col">here ↓ · there →</th>
            {categories.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((c, i) => (
            <tr key={c}>
              <th scope="row">{c}</th>
              {categories.map((d, j) => {
                const n = matrix[i]?.[j] ?? 0;
                return (
                  <td key={d} style={i === j ? { fontWeight: 700 } : undefined}>
                    {n > 0 ? (
                      <Link href={cellHref(c, d)} aria-label={`${n} pairs: ${c} here, ${d} there`}>
                        {formatCount.format(n)}
                      </Link>
                    ) : (
                      0
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

const share = (v: number | null) => (v === null ? '–' : formatMeasure(v, 3));

/** Agreement, Cohen's kappa with its interval, and for yes/no questions precision, recall and F1. */
export function LabelComparisonFigures({ comparison }: { comparison: LabelComparison }) {
  const { kappa, binary } = comparison;
  return (
    <dl className={styles.figures} aria-label="Agreement figures">
      <dt>pairs both label</dt>
      <dd>{formatCount.format(comparison.n)}</dd>
      <dt>raw agreement</dt>
      <dd>{share(comparison.agreement)}</dd>
      <dt>Cohen&apos;s κ</dt>
      <dd>
        {share(kappa.value)}
        {kappa.ci95 && ` (95% CI ${formatMeasure(kappa.ci95[0], 3)} to ${formatMeasure(kappa.ci95[1], 3)})`}
        {kappa.reason && <span className="muted"> {kappa.reason}</span>}
      </dd>
      {binary && (
        <>
          <dt>precision · recall · F1</dt>
          <dd>
            {share(binary.precision)} · {share(binary.recall)} · {share(binary.f1)}{' '}
            <span className="muted">
              (TP {binary.tp}, FP {binary.fp}, FN {binary.fn}, TN {binary.tn}; this campaign as the prediction, the other side as
              the truth)
            </span>
          </dd>
        </>
      )}
      <dt>labelled on one side only</dt>
      <dd>
        {formatCount.format(comparison.onlyThis)} only here · {formatCount.format(comparison.onlyOther)} only on the other side
        (left out of the figures)
      </dd>
    </dl>
  );
}
