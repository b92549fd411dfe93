import type { QuestionJudgeReport } from '@/lib/model-raters/report/judge-types';
import { Figure, Interval } from '../format';
import { AlphaChart } from './alpha-chart';
import { AltTestView } from './alt-test-view';
import { ExpectedView, FinalComparisonView, RepeatView, SwapView } from './final-comparison';
import { EmptyState } from '@/components/ui/empty-state';
import styles from '../model-raters.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

const count = (n: number) => n.toLocaleString('en');

function PairsCompared({ report }: { report: QuestionJudgeReport }) {
  const p = report.pairs;
  return (
    <p data-testid="pairs-compared" style={{ margin: 0 }}>
      <strong>{count(p.compared)}</strong> {p.compared === 1 ? 'pair' : 'pairs'} answered by the model and at least one annotator
      · {count(p.humansOnly)} answered only by annotators · {count(p.modelOnly)} only by the model
      {p.invalidAnswers.model + p.invalidAnswers.humans > 0 &&
        ` · answers outside the question's categories left out: ${count(p.invalidAnswers.model)} of the model, ${count(p.invalidAnswers.humans)} of annotators`}
    </p>
  );
}

function AlphaSection({ report }: { report: QuestionJudgeReport }) {
  const { humans, withModel, bootstrap } = report.alpha;
  const rows = [
    { name: 'annotators', figure: humans },
    { name: 'annotators + model', figure: withModel },
  ];
  const bars = rows.flatMap((r) =>
    r.figure.alpha.value === null ? [] : [{ name: r.name, alpha: r.figure.alpha.value, ci: r.figure.ci95 }],
  );
  return (
    <div className={styles.twoColumns}>
      <div className="table-scroll" {...scrollArea("Krippendorff's alpha")}>
        <table className="data" aria-label="Krippendorff's alpha">
          <thead>
            <tr>
              <th>Raters</th>
              <th className="num">α ({report.level})</th>
              <th>95 % interval</th>
              <th className="num">Pairs</th>
              <th className="num">Raters</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.name}</th>
                <td className="num">
                  <Figure estimate={r.figure.alpha} />
                </td>
                <td>
                  <Interval ci={r.figure.ci95} reason={r.figure.ciReason} />
                </td>
                <td className="num">{count(r.figure.units)}</td>
                <td className="num">{r.figure.coders}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="small muted">
          On the pairs compared; percentile bootstrap over pairs, {count(bootstrap.resamples)} resamples, seed {bootstrap.seed}.
        </p>
      </div>
      {bars.length > 0 ? <AlphaChart bars={bars} /> : <p className="small muted">No α to chart: {humans.alpha.reason}</p>}
    </div>
  );
}

function HumansTable({ report }: { report: QuestionJudgeReport }) {
  const ordered = report.humans.some((h) => h.quadraticKappa !== undefined);
  if (report.humans.length === 0) return <p className="small muted">No annotator answered the pairs the model answered.</p>;
  return (
    <div className="table-scroll" {...scrollArea('The model against each annotator')}>
      <table className="data" aria-label="The model against each annotator">
        <thead>
          <tr>
            <th>Annotator</th>
            <th className="num">Pairs</th>
            <th className="num">Accuracy</th>
            <th className="num">Cohen&apos;s κ</th>
            {ordered && <th className="num">Quadratic κ</th>}
          </tr>
        </thead>
        <tbody>
          {report.humans.map((h) => (
            <tr key={h.annotator}>
              <th scope="row">{h.annotator}</th>
              <td className="num">{count(h.n)}</td>
              <td className="num">
                <Figure estimate={h.accuracy} percent />
              </td>
              <td className="num">
                <Figure estimate={h.kappa} />
              </td>
              {ordered && (
                <td className="num">
                  <Figure estimate={h.quadraticKappa} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One question's judged-like-a-human report: the pairs compared, α with and without the model, the
 * model against each annotator and against the final labels (with the confusion matrix opening its
 * pairs), the alt-test, the swap probe and the expected ratings.
 */
export function QuestionReport({ report, runBase, label }: { report: QuestionJudgeReport; runBase: string; label: string }) {
  if (report.pairs.compared === 0)
    return (
      <div className="stack" aria-label={`Report of ${report.question}`}>
        <PairsCompared report={report} />
        <EmptyState title="Nothing to compare yet">
          <p>
            No pair has both the model&apos;s answer and an annotator&apos;s answer to this question yet. The report fills in as
            the run answers and the annotators work; the pairs the model answered are listed under <em>Answers and measures</em>.
          </p>
        </EmptyState>
      </div>
    );
  return (
    <div className="stack" aria-label={`Report of ${report.question}`}>
      <PairsCompared report={report} />
      <h3 style={{ margin: '0.5rem 0 0' }}>The model as one more rater</h3>
      <AlphaSection report={report} />
      <h3 style={{ margin: '0.5rem 0 0' }}>The model against each annotator</h3>
      <HumansTable report={report} />
      <h3 style={{ margin: '0.5rem 0 0' }}>The model against the final labels</h3>
      <FinalComparisonView report={report} runBase={runBase} label={label} />
      <h3 style={{ margin: '0.5rem 0 0' }}>Alt-test: could the model replace an annotator?</h3>
      <AltTestView alt={report.altTest} scoringName={report.scoringName} />
      <h3 style={{ margin: '0.5rem 0 0' }}>Swap probe</h3>
      <SwapView report={report} runBase={runBase} />
      {report.repeat && (
        <>
          <h3 style={{ margin: '0.5rem 0 0' }}>Drift: the run it repeats</h3>
          <RepeatView report={report} runBase={runBase} />
        </>
      )}
      {report.expected && (
        <>
          <h3 style={{ margin: '0.5rem 0 0' }}>Expected ratings from token probabilities</h3>
          <ExpectedView expected={report.expected} />
        </>
      )}
    </div>
  );
}
