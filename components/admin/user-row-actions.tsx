'use client';
import { useState, useTransition } from 'react';
import { resetPasswordAction, setUserActiveAction, setUserRoleAction } from '@/lib/actions/users';
import { roleLabels, roles, type RoleName } from '@/lib/access/roles';
import { revokedTokensClause } from '@/lib/auth/revoked-tokens';

interface Props {
  user: { id: number; email: string; role: RoleName; isActive: boolean };
  isSelf: boolean;
}

export function UserRowActions({ user, isSelf }: Props) {
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  // the role shown: the one in force (a refused change, e.g. of the last admin, snaps back)
  const [role, setRole] = useState<RoleName>(user.role);

  const run = (
    task: () => Promise<{ ok: boolean; error?: string } & Record<string, unknown>>,
    success: (r: Record<string, unknown>) => string,
    onRefused?: () => void,
  ) =>
    startTransition(async () => {
      const result = await task();
      if (!result.ok) onRefused?.();
      setMessage(result.ok ? { kind: 'success', text: success(result) } : { kind: 'error', text: result.error ?? 'Failed.' });
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
              () => setUserRoleAction({ userId: user.id, role: wanted }),
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
              () => resetPasswordAction({ userId: user.id }),
              (r) => {
                const data = r.data as { temporaryPassword: string | null; tokensRevoked: number };
                return `Password reset${revokedTokensClause(data.tokensRevoked)}. New password (shown once): ${data.temporaryPassword ?? ''}`;
              },
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
                () => setUserActiveAction({ userId: user.id, isActive: user.isActive ? 'false' : 'true' }),
                (r) =>
                  user.isActive
                    ? `Deactivated${revokedTokensClause((r.data as { tokensRevoked: number }).tokensRevoked)}.`
                    : 'Activated.',
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
