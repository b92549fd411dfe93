/**
 * For researchers: each campaign's annotations of the pair (pseudonyms), rationales, edit history,
 * final labels and adjudication, with the questions' labels and the answers in words.
 */
import type { PairCampaignRecord } from '@/lib/db/pairs/pair-detail';
import type { Question } from '@/lib/annotation/questions';
import { answerWords, questionLabel, storedAnswerText } from '@/lib/annotation/answer-words';
import { describeFinalMethod } from '@/lib/labels/final-labels';

function Answers({ answers, questions }: { answers: Record<string, unknown>; questions: readonly Question[] }) {
  return (
    <>
      {answerWords(questions, answers).join(' · ')}
      {typeof answers.rationale === 'string' && answers.rationale !== '' ? (
        <blockquote className="small">“{answers.rationale}”</blockquote>
      ) : null}
    </>
  );
}

const answersOf = (n: number) => `${n} answer${n === 1 ? '' : 's'}`;

export function CampaignRecords({ records }: { records: PairCampaignRecord[] }) {
  if (records.length === 0) return <p className="muted">No campaign has annotated this pair yet.</p>;
  return (
    <>
      {records.map((r) => {
        const questions = r.campaign.questions;
        return (
          <section key={r.campaign.slug} className="card" aria-label={`Campaign ${r.campaign.name}`}>
            <h3>{r.campaign.name}</h3>
            {r.finals.length > 0 ? (
              <p data-testid="final-answer">
                <strong>Final answer:</strong>{' '}
                {r.finals
                  .map(
                    (f) =>
                      `${questionLabel(questions, f.question)}: ${storedAnswerText(
                        questions.find((q) => q.key === f.question),
                        f.value,
                      )} (${describeFinalMethod(f.method, f.medianRule)}, ${answersOf(f.n)})`,
                  )
                  .join(' · ')}
              </p>
            ) : null}
            {r.adjudication ? (
              <p>
                <strong>Adjudicated</strong> ({r.adjudication.method.toLowerCase()}):{' '}
                <Answers answers={r.adjudication.answers} questions={questions} />{' '}
                {r.adjudication.note ? <span className="small">Note: {r.adjudication.note}</span> : null}
              </p>
            ) : null}
            <table className="data" aria-label={`Annotations in ${r.campaign.name}`}>
              <thead>
                <tr>
                  <th>Annotator</th>
                  <th>Answers and rationale</th>
                  <th>History</th>
                </tr>
              </thead>
              <tbody>
                {r.annotations.map((a) => (
                  <tr key={a.annotator}>
                    <td>
                      {a.annotator}
                      {a.excluded ? <div className="small muted">excluded from final labels</div> : null}
                    </td>
                    <td>
                      <Answers answers={a.answers} questions={questions} />
                      <div className="small muted">
                        version {a.version}, {a.updatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC
                        {a.durationMs !== null ? `, ${(a.durationMs / 1000).toFixed(0)} s` : ''}
                      </div>
                    </td>
                    <td className="small">
                      {a.history.length === 0
                        ? 'no edits'
                        : a.history.map((h) => (
                            <div key={h.version}>
                              v{h.version} ({h.createdAt.toISOString().slice(0, 10)}):{' '}
                              <Answers answers={h.values} questions={questions} />
                            </div>
                          ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </>
  );
}
