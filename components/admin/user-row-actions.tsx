'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { callApi, type ApiResult } from '@/lib/api/typed-client';
import { resetUserPasswordContract, setUserActiveContract, setUserRoleContract } from '@/lib/api/contracts/accounts';
import { roleLabels, roles, type RoleName } from '@/lib/access/roles';
import { revokedTokensClause } from '@/lib/auth/revoked-tokens';

interface Props {
  user: { id: number; email: string; role: RoleName; isActive: boolean };
  isSelf: boolean;
}

/** A user's row on Admin › Users: role, password reset, (de)activation, each by /api/v1/users/{id}/… (session only). */
export function UserRowActions({ user, isSelf }: Props) {
  const router = useRouter();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  // the role shown: the one in force (a refused change, e.g. of the last admin, snaps back)
  const [role, setRole] = useState<RoleName>(user.role);

  const run = <T,>(task: () => Promise<ApiResult<T>>, success: (data: T) => string, onRefused?: () => void) =>
    startTransition(async () => {
      const result = await task();
      if (!result.ok) {
        onRefused?.();
        return setMessage({ kind: 'error', text: result.message });
      }
      setMessage({ kind: 'success', text: success(result.data) });
      router.refresh();
    });

  return (
    <div className="stack small">
      <div className="row">
        <select
          aria-label={`Role of ${user.email}`}
          value={role}
          disabled={isPending}
          onChange={(e) => {
            const wanted = e.target.value as RoleName;
            const before = role;
            setRole(wanted);
            run(
              () => callApi(setUserRoleContract, { params: { id: user.id }, body: { role: wanted } }),
              () => `Role set to ${roleLabels[wanted]}.`,
              () => setRole(before),
            );
          }}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {roleLabels[r]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="secondary"
          disabled={isPending}
          onClick={() =>
            run(
              () => callApi(resetUserPasswordContract, { params: { id: user.id }, body: {} }),
              (data) =>
                `Password reset${revokedTokensClause(data.tokensRevoked)}. New password (shown once): ${data.temporaryPassword ?? ''}`,
            )
          }
        >
          Reset password
        </button>
        {!isSelf && (
          <button
            type="button"
            className={user.isActive ? 'danger' : 'secondary'}
            disabled={isPending}
            onClick={() =>
              run(
                () => callApi(setUserActiveContract, { params: { id: user.id }, body: { isActive: !user.isActive } }),
                (data) => (user.isActive ? `Deactivated${revokedTokensClause(data.tokensRevoked)}.` : 'Activated.'),
              )
            }
          >
            {user.isActive ? 'Deactivate' : 'Activate'}
          </button>
        )}
      </div>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={`alert ${message.kind}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}
