import type { CoderPairKappa } from '@/lib/dashboards/question-agreement';
import type { RatingValue } from '@/lib/agreement/rating-values';
import styles from './dashboards.module.css';

/** Cohen's kappa of every pair of annotators (n: pairs both rated). */
export function KappaMatrix({
  coders,
  pairs,
  title,
}: {
  coders: readonly string[];
  pairs: readonly CoderPairKappa[];
  title: string;
}) {
  const find = (a: string, b: string) => pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
  return (
    <table className={`data ${styles.matrix}`} aria-label={title}>
      <thead>
        <tr>
          <th />
          {coders.map((c) => (
            <th key={c}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {coders.map((a) => (
          <tr key={a}>
            <th scope="row">{a}</th>
            {coders.map((b) => {
              const p = a === b ? null : find(a, b);
              return (
                <td key={b} title={p?.kappa.reason}>
                  {p ? (p.kappa.value === null ? 'undefined' : `${p.kappa.value.toFixed(2)}`) : '–'}
                  {p && <span className="small muted"> n={p.n}</span>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** How often one annotator's answer met another's on the same pair. */
export function ConfusionMatrix({
  categories,
  counts,
  title,
}: {
  categories: readonly RatingValue[];
  counts: readonly (readonly number[])[];
  title: string;
}) {
  return (
    <table className={`data ${styles.matrix}`} aria-label={title}>
      <thead>
        <tr>
          <th />
          {categories.map((c) => (
            <th key={String(c)}>{String(c)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {categories.map((c, i) => (
          <tr key={String(c)}>
            <th scope="row">{String(c)}</th>
            {categories.map((d, j) => (
              <td key={String(d)} style={i === j ? { fontWeight: 700 } : undefined}>
                {counts[i]?.[j] ?? 0}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
