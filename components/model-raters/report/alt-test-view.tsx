import type { AltTestResult } from '@/lib/agreement/alt-test';
import { Figure, formatNumber, formatShare } from '../format';
import styles from '../model-raters.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

const testNames = { t: 't-test', wilcoxon: 'Wilcoxon signed-rank', skipped: 'left out' } as const;

/** The alt-test's outcome in plain words: whether the model could stand in for an annotator, and why. */
function verdict(alt: AltTestResult): { text: string; tone: 'success' | 'warning' | 'error' } {
  const eps = formatNumber(alt.epsilon, 2);
  if (alt.passed === null)
    return {
      text: `The alt-test could not be run: ${alt.winningRate.reason ?? 'no annotator could be tested'}.`,
      tone: 'warning',
    };
  const omega = alt.winningRate.value === null ? '–' : formatShare(alt.winningRate.value);
  const tested = `${alt.tested} tested annotator${alt.tested === 1 ? '' : 's'}`;
  return alt.passed
    ? {
        text: `Passed at ε = ${eps}: the model aligns with the other annotators at least as well as ${omega} of the ${tested} do (half or more are needed), so by the authors' criterion it may stand in for an annotator on this question.`,
        tone: 'success',
      }
    : {
        text: `Not passed at ε = ${eps}: the model beats only ${omega} of the ${tested} (half are needed); by the authors' criterion it should not replace an annotator on this question.`,
        tone: 'error',
      };
}

/**
 * The alt-test (Calderon, Reichart and Dror, ACL 2025): for each annotator, the model against that
 * annotator in aligning with the remaining annotators (one-sided test with margin ε,
 * Benjamini–Yekutieli over annotators), the winning rate ω and the advantage probability ρ, and the
 * warnings in plain words.
 */
export function AltTestView({ alt, scoringName }: { alt: AltTestResult; scoringName: string }) {
  const v = verdict(alt);
  return (
    <div className="stack">
      <p className={`alert ${v.tone} ${styles.verdict}`} data-testid="alt-test-verdict">
        {v.text}
      </p>
      {alt.warnings.length > 0 && (
        <ul className="alert warning" aria-label="Alt-test warnings" style={{ margin: 0, paddingLeft: '1.8rem' }}>
          {alt.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <dl className={styles.facts}>
        <dt>winning rate ω</dt>
        <dd>
          <Figure estimate={alt.winningRate} percent />
        </dd>
        <dt>advantage probability ρ</dt>
        <dd>
          <Figure estimate={alt.advantageProbability} />
        </dd>
        <dt>alignment score</dt>
        <dd>{scoringName}</dd>
        <dt>pairs in the test</dt>
        <dd>
          {alt.items.kept.toLocaleString('en')} with the model and at least {alt.minHumansPerItem} annotators ·{' '}
          {alt.items.fewHumans.toLocaleString('en')} left out with fewer annotators · {alt.items.noModel.toLocaleString('en')}{' '}
          without the model&apos;s answer
        </dd>
        <dt>settings</dt>
        <dd>
          ε = {formatNumber(alt.epsilon, 2)} · false discovery rate q = {alt.q} · below {alt.minItemsPerHuman} pairs:{' '}
          {alt.smallSample === 'wilcoxon' ? 'Wilcoxon signed-rank test' : 'annotator left out'}
          {alt.jointTests ? ` · Benjamini–Yekutieli over ${alt.jointTests} tests of all strata together` : ''}
        </dd>
      </dl>
      {alt.annotators.length > 0 && (
        <div className="table-scroll" {...scrollArea('Alt-test per annotator')}>
          <table className="data" aria-label="Alt-test per annotator">
            <thead>
              <tr>
                <th>Annotator</th>
                <th className="num">n</th>
                <th>Test</th>
                <th className="num">Statistic</th>
                <th className="num">p</th>
                <th>Model wins</th>
                <th className="num">Advantage ρ</th>
                <th className="num" title="pairs where the annotator aligns better · tie · the model aligns better">
                  Better · tie · model
                </th>
              </tr>
            </thead>
            <tbody>
              {alt.annotators.map((a) => (
                <tr key={a.annotator}>
                  <th scope="row">{a.annotator}</th>
                  <td className="num">{a.n.toLocaleString('en')}</td>
                  <td>
                    {testNames[a.test]}
                    {a.wilcoxonMethod ? <span className="small muted"> ({a.wilcoxonMethod})</span> : null}
                    {a.reason ? <div className="small muted">{a.reason}</div> : null}
                  </td>
                  <td className="num">
                    <Figure estimate={a.statistic} />
                  </td>
                  <td className="num">
                    <Figure estimate={a.pValue} digits={4} />
                  </td>
                  <td>{a.test === 'skipped' ? <span className="muted">not tested</span> : a.rejected ? 'yes' : 'no'}</td>
                  <td className="num">
                    <Figure estimate={a.advantage} />
                  </td>
                  <td className={`num ${styles.nowrap}`}>
                    {a.differences.annotatorBetter} · {a.differences.tie} · {a.differences.modelBetter}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="small muted" style={{ margin: 0 }}>
        “Model wins” means the test rejected, after the Benjamini–Yekutieli correction, that this annotator aligns with the others
        better than the model by more than ε. ω is the share of tested annotators the model wins against; ρ the mean share of
        pairs where the model aligns at least as well as the annotator.
      </p>
    </div>
  );
}
