import type { MeasureThresholds } from '@/lib/dashboards/judgement-analysis';
import { measureDescriptionOf, measureLabelOf } from '@/lib/measures/user-measures';

const f = (v: number | null | undefined, d = 3) => (v === null || v === undefined ? '–' : v.toFixed(d));

/** One row per measure: n, positives, AUC [DeLong CI], best threshold with P/R/F1, and P/R/F1 at the chosen threshold. */
export function ThresholdTable({ results }: { results: readonly MeasureThresholds[] }) {
  const chosen = results.find((r) => r.at)?.at?.threshold;
  return (
    <div style={{ overflowX: 'auto' }}>
      <table className="data" aria-label="Threshold analysis">
        <thead>
          <tr>
            <th>measure</th>
            <th>n</th>
            <th>positives</th>
            <th>AUC [95% CI]</th>
            <th>best threshold</th>
            <th>precision</th>
            <th>recall</th>
            <th>F1</th>
            {chosen !== undefined && <th>P / R / F1 at {chosen}</th>}
            <th>left out</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => (
            <tr key={r.measure} data-measure={r.measure}>
              <th scope="row" title={measureDescriptionOf(r.measure)}>
                {measureLabelOf(r.measure)}
              </th>
              <td>{r.n}</td>
              <td>{r.positives}</td>
              <td title={r.reasons.auc ?? r.reasons.aucCi95}>
                {r.auc === null ? (
                  <span className="muted small">undefined{r.reasons.auc ? `: ${r.reasons.auc}` : ''}</span>
                ) : (
                  f(r.auc)
                )}{' '}
                {r.aucCi95 && (
                  <span className="small muted">
                    [{f(r.aucCi95[0], 2)}, {f(r.aucCi95[1], 2)}]
                  </span>
                )}
              </td>
              <td>{f(r.best?.threshold)}</td>
              <td>{f(r.best?.precision)}</td>
              <td>{f(r.best?.recall)}</td>
              <td>{f(r.best?.f1)}</td>
              {chosen !== undefined && (
                <td>
                  {f(r.at?.precision)} / {f(r.at?.recall)} / {f(r.at?.f1)}
                </td>
              )}
              <td className="small muted">
                {r.withoutJudgement + r.withoutValue > 0
                  ? `${r.withoutJudgement} without a label, ${r.withoutValue} without a value`
                  : '–'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
