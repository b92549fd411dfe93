import type { StratumReports } from '@/lib/model-raters/report/run-report';
import { Figure, formatNumber } from '../format';
import { scrollArea } from '@/components/ui/scroll-area';

const byWords = (by: string) =>
  by === 'corpus'
    ? 'corpus'
    : by === 'cell'
      ? 'characteristic-map cell (syn, sem bins of the measures)'
      : `decile of ${by.slice('decile:'.length)}`;

/**
 * The question's figures per stratum (corpus, map cell or decile of a measure), so a researcher sees
 * where the model departs from the annotators. Undefined figures say why.
 */
export function StrataView({ strata, question }: { strata: StratumReports; question: string }) {
  const rows = strata.questions[question] ?? [];
  return (
    <div className="stack">
      <p className="small muted" style={{ margin: 0 }}>
        Strata: {byWords(strata.by)} · {strata.unassigned.toLocaleString('en')} pairs of the run in no stratum · alt-test
        corrected {strata.fdr === 'per-stratum' ? 'within each stratum' : 'across all strata together'}
      </p>
      {rows.length === 0 ? (
        <p className="muted">No stratum has pairs the model answered.</p>
      ) : (
        <div className="table-scroll" {...scrollArea('Figures per stratum')}>
          <table className="data" aria-label="Figures per stratum">
            <thead>
              <tr>
                <th>Stratum</th>
                <th className="num">Pairs compared</th>
                <th className="num">With a final label</th>
                <th className="num">Accuracy</th>
                <th className="num">κ (final)</th>
                <th className="num">α annotators</th>
                <th className="num">α + model</th>
                <th className="num">ω</th>
                <th>Alt-test</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const range = strata.ranges?.[r.stratum];
                return (
                  <tr key={r.stratum}>
                    <th scope="row">
                      {r.stratum}
                      {range && (
                        <div className="small muted">
                          {formatNumber(range[0], 3)} to {formatNumber(range[1], 3)}
                        </div>
                      )}
                    </th>
                    <td className="num">{r.pairs.compared.toLocaleString('en')}</td>
                    <td className="num">{r.final.n.toLocaleString('en')}</td>
                    <td className="num">
                      <Figure estimate={r.final.accuracy} percent />
                    </td>
                    <td className="num">
                      <Figure estimate={r.final.kappa} />
                    </td>
                    <td className="num">
                      <Figure estimate={r.alpha.humans.alpha} />
                    </td>
                    <td className="num">
                      <Figure estimate={r.alpha.withModel.alpha} />
                    </td>
                    <td className="num">
                      <Figure estimate={r.altTest.winningRate} percent />
                    </td>
                    <td>
                      {r.altTest.passed === null ? (
                        <span className="muted">not run</span>
                      ) : r.altTest.passed ? (
                        'passed'
                      ) : (
                        'not passed'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
