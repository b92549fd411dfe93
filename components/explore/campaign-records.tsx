/**
 * For researchers: each campaign's annotations of the pair (pseudonyms), rationales, edit history,
 * final labels and adjudication.
 */
import type { PairCampaignRecord } from '@/lib/db/pairs/pair-detail';
import { describeFinalMethod } from '@/lib/labels/final-labels';

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function Answers({ answers }: { answers: Record<string, unknown> }) {
  const entries = Object.entries(answers).filter(([k]) => k !== 'rationale');
  return (
    <>
      {entries.map(([k, v]) => `${k}: ${show(v)}`).join(' · ')}
      {typeof answers.rationale === 'string' && answers.rationale !== '' ? (
        <blockquote className="small">“{answers.rationale}”</blockquote>
      ) : null}
    </>
  );
}

export function CampaignRecords({ records }: { records: PairCampaignRecord[] }) {
  if (records.length === 0) return <p className="muted">No campaign has annotated this pair yet.</p>;
  return (
    <>
      {records.map((r) => (
        <section key={r.campaign.slug} className="card" aria-label={`Campaign ${r.campaign.name}`}>
          <h3>{r.campaign.name}</h3>
          {r.finals.length > 0 ? (
            <p>
              <strong>Final answer:</strong>{' '}
              {r.finals
                .map((f) => `${f.question} ${show(f.value)} (${describeFinalMethod(f.method, f.medianRule)}, n = ${f.n})`)
                .join(' · ')}
            </p>
          ) : null}
          {r.adjudication ? (
            <p>
              <strong>Adjudicated</strong> ({r.adjudication.method.toLowerCase()}): <Answers answers={r.adjudication.answers} />{' '}
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
                    <Answers answers={a.answers} />
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
                            v{h.version} ({h.createdAt.toISOString().slice(0, 10)}): <Answers answers={h.values} />
                          </div>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
