'use client';
import { useState, useTransition } from 'react';
import { callApi } from '@/lib/api/typed-client';
import { deleteUserMeasureContract } from '@/lib/api/contracts/user-measures';
import Link from 'next/link';
import { useRouter } from 'next/navigation';

export interface UserMeasureRow {
  name: string;
  description: string | null;
  source: string | null;
  axis: string;
  n: number;
  createdAt: string;
  createdBy: string | null;
}

/** A corpus's user measures, each with a link to the explorer sorted by it and a delete (after a confirmation). */
export function UserMeasureTable({ slug, measures }: { slug: string; measures: readonly UserMeasureRow[] }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [isPending, startTransition] = useTransition();
  const remove = (m: UserMeasureRow) => {
    if (!window.confirm(`Delete the measure “${m.name}” and its ${m.n.toLocaleString('en')} values? This cannot be undone.`))
      return;
    startTransition(async () => {
      const result = await callApi(deleteUserMeasureContract, { params: { slug, name: m.name } });
      if (result.ok) {
        setError(null);
        router.refresh();
        return;
      }
      setError(result.message);
    });
  };
  return (
    <>
      <table className="data" aria-label="User measures">
        <thead>
          <tr>
            <th>Name</th>
            <th className="num">Pairs</th>
            <th>Map axis</th>
            <th>From</th>
            <th>Imported</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {measures.map((m) => (
            <tr key={m.name}>
              <td>
                <Link href={`/explore?corpus=${encodeURIComponent(slug)}&sort=-u.${m.name}`}>
                  <code>{m.name}</code>
                </Link>
                {m.description && <div className="small muted">{m.description}</div>}
              </td>
              <td className="num">{m.n.toLocaleString('en')}</td>
              <td>{m.axis}</td>
              <td className="small">{m.source ?? '—'}</td>
              <td className="small">
                {m.createdAt.slice(0, 16).replace('T', ' ')}
                {m.createdBy ? ` by ${m.createdBy}` : ''}
              </td>
              <td>
                <button
                  type="button"
                  className="danger"
                  disabled={isPending}
                  aria-label={`Delete ${m.name}`}
                  onClick={() => remove(m)}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error && (
        <p role="alert" className="alert error">
          {error}
        </p>
      )}
    </>
  );
}
