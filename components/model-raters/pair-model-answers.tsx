import Link from 'next/link';
import { formatAnswer, formatNumber, runStatusLabels } from './format';
import { scrollArea } from '@/components/ui/scroll-area';

export interface PairModelAnswerRow {
  run: { id: number; rater: string; status: keyof typeof runStatusLabels; createdAt: string; questions: string[] };
  campaign: { slug: string; name: string };
  answers: Record<string, number | string | boolean> | null;
  confidence: Record<string, number> | null;
  expected: Record<string, number> | null;
  swapAnswers: Record<string, number | string | boolean> | null;
  doneAt: string | null;
}

/**
 * What each model run answered for one pair, with the vote share over samples, the expected rating
 * and the answer with the texts exchanged where there are.
 */
export function PairModelAnswers({ rows }: { rows: PairModelAnswerRow[] }) {
  if (rows.length === 0) return <p className="muted">No model run has answered this pair.</p>;
  return (
    <div className="stack">
      {rows.map((r) => {
        // in the order the run asked them
        const keys = r.run.questions.filter((q) => r.answers && q in r.answers);
        return (
          <div key={r.run.id} className="stack" style={{ gap: 4 }}>
            <div>
              <Link href={`/campaigns/${encodeURIComponent(r.campaign.slug)}/model-runs/${r.run.id}`}>
                Run #{r.run.id}: {r.run.rater}
              </Link>{' '}
              <span className="small muted">
                {r.campaign.name} · {runStatusLabels[r.run.status]}
              </span>
            </div>
            {keys.length === 0 ? (
              <p className="small muted" style={{ margin: 0 }}>
                Every request for this pair failed; the run&apos;s page lists the reasons.
              </p>
            ) : (
              <div className="table-scroll" {...scrollArea(`Answers of run ${r.run.id}`)}>
                <table className="data" aria-label={`Answers of run ${r.run.id}`}>
                  <thead>
                    <tr>
                      <th>Question</th>
                      <th>Answer</th>
                      <th className="num">Vote share</th>
                      <th className="num">Expected</th>
                      <th>Texts exchanged</th>
                    </tr>
                  </thead>
                  <tbody>
                    {keys.map((k) => (
                      <tr key={k}>
                        <th scope="row">{k}</th>
                        <td style={{ overflowWrap: 'break-word' }}>{formatAnswer(r.answers?.[k])}</td>
                        <td className="num">{r.confidence?.[k] === undefined ? '–' : formatNumber(r.confidence[k], 2)}</td>
                        <td className="num">{r.expected?.[k] === undefined ? '–' : formatNumber(r.expected[k], 2)}</td>
                        <td>{r.swapAnswers ? formatAnswer(r.swapAnswers[k]) : <span className="muted">not asked</span>}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        );
      })}
    </div>
  );
}
