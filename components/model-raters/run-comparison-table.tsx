import Link from 'next/link';
import type { QuestionJudgeReport } from '@/lib/model-raters/report/judge-types';
import { Figure, runStatusLabels, type RunJson } from './format';
import styles from './model-raters.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

export interface ComparisonRow {
  run: RunJson;
  report: QuestionJudgeReport | null;
  reason: string | null;
}

/** One row per run: its settings and its figures on the question (undefined ones with their reason). */
export function RunComparisonTable({
  campaignSlug,
  question,
  rows,
}: {
  campaignSlug: string;
  question: string;
  rows: ComparisonRow[];
}) {
  if (rows.length === 0)
    return (
      <p className="muted">
        No model run yet. <Link href={`/campaigns/${encodeURIComponent(campaignSlug)}/model-runs/new`}>Start one</Link>.
      </p>
    );
  const base = `/campaigns/${encodeURIComponent(campaignSlug)}/model-runs`;
  return (
    <div className="table-scroll" {...scrollArea('Model runs compared')}>
      <table className={`data ${styles.nowrapCells}`} aria-label="Model runs compared">
        <thead>
          <tr>
            <th>Run</th>
            <th>Model</th>
            <th className="num">Prompt</th>
            <th className="num">Temperature</th>
            <th className="num">Samples</th>
            <th className="num">Pairs compared</th>
            <th className="num">α annotators</th>
            <th className="num">α + model</th>
            <th className="num">Accuracy (final)</th>
            <th className="num">κ (final)</th>
            <th className="num">ω</th>
            <th>Alt-test</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ run, report, reason }) => (
            <tr key={run.id}>
              <th scope="row">
                <Link href={`${base}/${run.id}?question=${encodeURIComponent(question)}`}>#{run.id}</Link>
                <div className="small muted">
                  {runStatusLabels[run.status]}
                  {run.repeatOfId ? ` · repeats #${run.repeatOfId}` : ''}
                </div>
              </th>
              <td>
                <code>{run.model}</code>
                <div className="small muted">{run.endpoint.name}</div>
              </td>
              <td className="num">v{run.promptVersion}</td>
              <td className="num">{run.temperature}</td>
              <td className="num">{run.samples}</td>
              {report ? (
                <>
                  <td className="num">{report.pairs.compared.toLocaleString('en')}</td>
                  <td className="num">
                    <Figure estimate={report.alpha.humans.alpha} />
                  </td>
                  <td className="num">
                    <Figure estimate={report.alpha.withModel.alpha} />
                  </td>
                  <td className="num">
                    <Figure estimate={report.final.accuracy} percent />
                  </td>
                  <td className="num">
                    <Figure estimate={report.final.kappa} />
                  </td>
                  <td className="num">
                    <Figure estimate={report.altTest.winningRate} percent />
                  </td>
                  <td>
                    {report.altTest.passed === null ? (
                      <span className="muted">not run</span>
                    ) : report.altTest.passed ? (
                      'passed'
                    ) : (
                      'not passed'
                    )}
                  </td>
                </>
              ) : (
                <td colSpan={7} className="muted">
                  {reason}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
