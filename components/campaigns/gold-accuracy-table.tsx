'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi } from '@/lib/api/typed-client';
import { setMemberExcludedContract } from '@/lib/api/contracts/campaign-controls';

export interface GoldAccuracyRow {
  userId: number;
  name: string;
  pseudonym: string | null;
  answered: number;
  correct: number;
  accuracy: number | null;
  flagged: boolean;
  excluded: boolean;
  /** Cohen's κ against the other annotators' majority (MultiPIT's gate), null when undefined */
  kappa: number | null;
  /** pairs that κ stands on */
  shared: number;
}

const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(0)}%`);

/**
 * Each annotator's accuracy on gold pairs with the counts behind it, and their κ against the other
 * annotators' majority on the pairs they share (MultiPIT's criterion); flagged ones can be excluded:
 * left out of the final labels and dashboards, no more pairs, their pairs reopen for the others.
 */
export function GoldAccuracyTable({
  slug,
  rows,
  minAccuracy,
  kappaQuestion,
}: {
  slug: string;
  rows: readonly GoldAccuracyRow[];
  minAccuracy: number;
  kappaQuestion: string | null;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const toggle = (row: GoldAccuracyRow) =>
    startTransition(async () => {
      const result = await callApi(setMemberExcludedContract, {
        params: { id: slug, userId: row.userId },
        body: { excluded: !row.excluded },
      });
      setMessage(
        result.ok
          ? {
              ok: true,
              text: `${row.name}: ${row.excluded ? 'answers counted again' : 'excluded: answers left out of the final labels and dashboards, no more pairs, their pairs reopen for the others'}.`,
            }
          : { ok: false, text: result.message },
      );
      if (result.ok) router.refresh();
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
            <th
              className="num"
              title={kappaQuestion ? `Cohen's κ against the others' majority on "${kappaQuestion}"` : undefined}
            >
              κ vs majority
            </th>
            <th className="num">Shared pairs</th>
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
              <td className="num">{r.kappa === null ? '—' : r.kappa.toFixed(2)}</td>
              <td className="num">{r.shared}</td>
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
