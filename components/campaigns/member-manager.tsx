'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi, type ApiResult } from '@/lib/api/typed-client';
import { addCampaignMemberContract, removeCampaignMemberContract } from '@/lib/api/contracts/campaign-controls';

export interface MemberRow {
  userId: number;
  name: string;
  email: string;
  pseudonym: string | null;
}

export interface Candidate {
  id: number;
  name: string;
  email: string;
  role: string;
}

/** Annotators of the campaign: remove one (their live hold goes back to the pool), or add an active user. */
export function MemberManager({
  slug,
  members,
  candidates,
  isClosed,
}: {
  slug: string;
  members: readonly MemberRow[];
  candidates: readonly Candidate[];
  isClosed: boolean;
}) {
  const router = useRouter();
  const [chosen, setChosen] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const run = (action: () => Promise<ApiResult<unknown>>, success: string) =>
    startTransition(async () => {
      const result = await action();
      setMessage(result.ok ? { ok: true, text: success } : { ok: false, text: result.message });
      if (!result.ok) return;
      setChosen('');
      router.refresh();
    });
  const member = (userId: number | string) => ({ params: { id: slug, userId } });
  return (
    <div className="stack">
      {members.length === 0 ? (
        <p className="muted">No annotators yet: add some below, or nobody can work on the campaign.</p>
      ) : (
        <table className="data" aria-label="Members">
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Pseudonym</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.userId}>
                <td>{m.name}</td>
                <td>{m.email}</td>
                <td>
                  <code>{m.pseudonym ?? '—'}</code>
                </td>
                <td className="num">
                  <button
                    type="button"
                    className="danger"
                    disabled={isPending}
                    onClick={() => run(() => callApi(removeCampaignMemberContract, member(m.userId)), `Removed ${m.email}.`)}
                    aria-label={`Remove ${m.email}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!isClosed && (
        <div className="row">
          <label>
            Add an annotator
            <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">Choose a user…</option>
              {candidates.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name} ({c.email}, {c.role.toLowerCase()})
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={isPending || chosen === ''}
            onClick={() => run(() => callApi(addCampaignMemberContract, member(chosen)), 'Added.')}
            style={{ alignSelf: 'flex-end' }}
          >
            Add
          </button>
        </div>
      )}
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`alert ${message.ok ? 'success' : 'error'}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}
