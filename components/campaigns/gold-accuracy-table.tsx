'use client';
import { useState, useTransition } from 'react';
import { setMemberExcludedAction } from '@/lib/actions/campaigns';

export interface GoldAccuracyRow {
  userId: number;
  name: string;
  pseudonym: string | null;
  answered: number;
  correct: number;
  accuracy: number | null;
  flagged: boolean;
  excluded: boolean;
}

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(0)}%`);

/** Each annotator's accuracy on gold pairs with the counts behind it; flagged ones can be left out of the final labels and dashboards. */
export function GoldAccuracyTable({
  slug,
  rows,
  minAccuracy,
}: {
  slug: string;
  rows: readonly GoldAccuracyRow[];
  minAccuracy: number;
}) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const toggle = (row: GoldAccuracyRow) =>
    startTransition(async () => {
      const result = await setMemberExcludedAction({ slug, userId: row.userId, excluded: !row.excluded });
      setMessage(
        result.ok
          ? {
              ok: true,
              text: `${row.name}: answers ${row.excluded ? 'counted again' : 'left out of the final labels and dashboards'}.`,
            }
          : { ok: false, text: result.error },
      );
    });
  return (
    <div className="stack">
      <table className="data" aria-label="Gold accuracy per annotator">
        <thead>
          <tr>
            <th>Annotator</th>
            <th className="num">Gold answers</th>
            <th className="num">Right</th>
            <th className="num">Accuracy</th>
            <th>Flag</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.userId} data-testid={`gold-accuracy-${r.pseudonym ?? r.userId}`}>
              <td>
                {r.name} <code className="small">{r.pseudonym ?? ''}</code>
              </td>
              <td className="num">{r.answered}</td>
              <td className="num">{r.correct}</td>
              <td className="num">{percent(r.accuracy)}</td>
              <td>
                {r.flagged && (
                  <span className="badge" title={`under ${percent(minAccuracy)} on gold pairs`}>
                    flagged
                  </span>
                )}{' '}
                {r.excluded && <span className="badge">excluded</span>}
              </td>
              <td className="num">
                <button
                  type="button"
                  className={r.excluded ? 'secondary' : 'danger'}
                  disabled={isPending}
                  onClick={() => toggle(r)}
                  aria-label={`${r.excluded ? 'Include' : 'Exclude'} ${r.name}`}
                >
                  {r.excluded ? 'Include again' : 'Exclude'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {message && (
        <p className={`alert ${message.ok ? 'success' : 'error'}`} role="status">
          {message.text}
        </p>
      )}
    </div>
  );
}
