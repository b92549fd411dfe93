import Link from 'next/link';
import { database } from '@/lib/db/database';
import { AppError } from '@/lib/errors/app-error';
import { loadRunReport } from '@/lib/services/model-raters/load-run-report';
import { computeRunReportOffThread } from '@/lib/runtime/compute-workers';
import { QuestionReport } from '@/components/model-raters/report/question-report';
import { StrataView } from '@/components/model-raters/report/strata-view';
import { JudgeMapsView } from '@/components/model-raters/report/judge-maps-view';
import { epsilonOf, strataOf, type ReportSearch } from '@/components/model-raters/report/report-search';

/**
 * The judged-like-a-human report of one question of the run, as `GET /api/v1/model-runs/{id}/report`
 * computes it (on the web server's compute worker threads), its strata when asked for, and the maps.
 */
export async function ReportSection({
  runId,
  search,
  question,
  questionLabel,
  runBase,
  live,
}: {
  runId: number;
  search: ReportSearch;
  question: string;
  questionLabel: string;
  runBase: string;
  live: boolean;
}) {
  const request = {
    question,
    epsilon: epsilonOf(search),
    smallSample: search.smallSample,
    by: strataOf(search),
    fdr: search.fdr,
    resamples: 1000,
  };
  const loaded = await loadRunReport(database(), database(), runId, request, computeRunReportOffThread).catch(
    (error: unknown) => {
      if (error instanceof AppError) return error;
      throw error;
    },
  );
  if (loaded instanceof AppError)
    return (
      <p role="alert" className="alert error">
        {loaded.message}
      </p>
    );
  const report = loaded.report.questions[0];
  return (
    <div className="stack">
      {live && (
        <p className="alert warning" style={{ margin: 0 }}>
          The run is still going: the report covers the pairs answered so far. Reload the page for more.
        </p>
      )}
      {report ? (
        <QuestionReport report={report} runBase={runBase} label={questionLabel} />
      ) : (
        <p className="muted">This question has no statistics (free text).</p>
      )}
      {search.by === 'decile' && !search.measure && (
        <p className="alert warning">Choose the measure whose deciles make the strata.</p>
      )}
      {loaded.report.strata && (
        <>
          <h3 style={{ margin: '0.5rem 0 0' }} id="strata-heading">
            Per stratum
          </h3>
          <StrataView strata={loaded.report.strata} question={question} />
        </>
      )}
      <h3 style={{ margin: '0.5rem 0 0' }}>The model&apos;s characteristic map</h3>
      {loaded.report.maps ? (
        <JudgeMapsView maps={loaded.report.maps} runBase={runBase} />
      ) : (
        <p className="small muted">
          The run did not ask both the semantic and the syntactic rating, so there is no map. See also the{' '}
          <Link href="/dashboards">dashboards</Link>, where the run&apos;s measures can be a map&apos;s axis.
        </p>
      )}
    </div>
  );
}
