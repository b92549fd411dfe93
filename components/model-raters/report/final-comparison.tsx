import type { ExpectedRatingSummary, QuestionJudgeReport } from '@/lib/model-raters/report/judge-types';
import { Figure, Interval } from '../format';
import { ConfusionView } from './confusion-view';
import styles from '../model-raters.module.css';

const count = (n: number) => n.toLocaleString('en');

/** Final-label methods in words (lib/labels): why a pair's final label is decided or left open. */
const methodWords: Record<string, string> = {
  tie: 'an exact tie',
  spread: 'answers too far apart',
  unanswered: 'no answer counted',
  discarded: 'set aside by the vote rule',
  pending: 'waiting for more answers',
};

/** The model against the humans' final labels: the pairs compared and those left out, the figures, and the matrix. */
export function FinalComparisonView({ report, runBase, label }: { report: QuestionJudgeReport; runBase: string; label: string }) {
  const f = report.final;
  const open = Object.entries(f.open.byMethod);
  return (
    <div className="stack">
      <p style={{ margin: 0 }}>
        {count(f.n)} pairs with the model&apos;s answer and a decided final label.{' '}
        {f.open.total > 0 ? (
          <>
            Left out: {count(f.open.total)} whose final label is open (
            {open.map(([method, n], i) => (
              <span key={method}>
                {i > 0 && ', '}
                {count(n)} {methodWords[method] ?? method}
              </span>
            ))}
            ).
          </>
        ) : (
          'No open final label was left out.'
        )}
        {f.noFinal > 0 && ` ${count(f.noFinal)} have no final label yet.`}
      </p>
      <dl className={styles.facts} aria-label="Against the final labels">
        <dt>accuracy</dt>
        <dd>
          <Figure estimate={f.accuracy} percent />
        </dd>
        <dt>Cohen&apos;s κ</dt>
        <dd>
          <Figure estimate={f.kappa} />
          {f.kappa.value !== null && (
            <>
              {' '}
              <span className="small">
                95 % interval <Interval ci={f.kappa.ci95} />
              </span>
            </>
          )}
        </dd>
        {f.quadraticKappa && (
          <>
            <dt>quadratic-weighted κ</dt>
            <dd>
              <Figure estimate={f.quadraticKappa} />
            </dd>
          </>
        )}
        {f.binary && (
          <>
            <dt>precision · recall · F1</dt>
            <dd>
              <Figure estimate={f.binary.precision} /> · <Figure estimate={f.binary.recall} /> · <Figure estimate={f.binary.f1} />{' '}
              <span className="small muted">
                (“yes” positive, the final label as truth: TP {f.binary.tp}, FP {f.binary.fp}, FN {f.binary.fn}, TN {f.binary.tn})
              </span>
            </dd>
          </>
        )}
      </dl>
      {f.n > 0 && (
        <ConfusionView
          matrix={f.confusion}
          label={`${label}: the model against the final labels`}
          runBase={runBase}
          kind="final"
          question={report.question}
        />
      )}
    </div>
  );
}

/** Whether the model agrees with itself when the two texts are exchanged. */
export function SwapView({ report, runBase }: { report: QuestionJudgeReport; runBase: string }) {
  const s = report.swap;
  if (!s)
    return (
      <p className="small muted">
        Not asked: start a run with the swap probe to see whether the order of the texts changes the answer.
      </p>
    );
  return (
    <div className="stack">
      <dl className={styles.facts} aria-label="Swap probe">
        <dt>pairs asked both ways</dt>
        <dd>{count(s.n)}</dd>
        <dt>same answer both ways</dt>
        <dd>
          <Figure estimate={s.identical} percent />
        </dd>
        <dt>Cohen&apos;s κ between the orders</dt>
        <dd>
          <Figure estimate={s.kappa} />
        </dd>
      </dl>
      {s.n > 0 && (
        <ConfusionView
          matrix={s.confusion}
          label="Stored order against texts exchanged"
          runBase={runBase}
          kind="swap"
          question={report.question}
        />
      )}
    </div>
  );
}

/** A repeat of an earlier run against that run: how often the model gives the same answer again (drift). */
export function RepeatView({ report, runBase }: { report: QuestionJudgeReport; runBase: string }) {
  const r = report.repeat;
  if (!r) return null;
  return (
    <div className="stack">
      <dl className={styles.facts} aria-label="Drift">
        <dt>pairs both runs answered</dt>
        <dd>{count(r.n)}</dd>
        <dt>same answer as run #{r.runId}</dt>
        <dd>
          <Figure estimate={r.identical} percent />
        </dd>
        <dt>Cohen&apos;s κ between the runs</dt>
        <dd>
          <Figure estimate={r.kappa} />
        </dd>
      </dl>
      {r.n > 0 && (
        <ConfusionView
          matrix={r.confusion}
          label={`This run against run #${r.runId}`}
          runBase={runBase}
          kind="repeat"
          question={report.question}
        />
      )}
    </div>
  );
}

/** The expected rating Σ p(k)·k against the annotators' mean, beside the answered rating. */
export function ExpectedView({ expected }: { expected: ExpectedRatingSummary }) {
  return (
    <dl className={styles.facts} aria-label="Expected ratings">
      <dt>pairs</dt>
      <dd>{count(expected.n)} with an expected rating, the model&apos;s answer and an annotator&apos;s rating</dd>
      <dt>Pearson r, expected rating</dt>
      <dd>
        <Figure estimate={expected.pearson} /> <span className="small muted">with the annotators&apos; mean rating</span>
      </dd>
      <dt>Pearson r, answered rating</dt>
      <dd>
        <Figure estimate={expected.answerPearson} /> <span className="small muted">the same for the rating the model wrote</span>
      </dd>
    </dl>
  );
}
