import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { roleLabels } from '@/lib/access/roles';
import { database } from '@/lib/db/database';
import { getUserById } from '@/lib/db/accounts/users';
import { listApiTokens } from '@/lib/db/accounts/api-tokens';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { TokenTable, tokenRows } from '@/components/account/token-table';

export const metadata: Metadata = { title: 'API tokens of a user' };

/** Admin › Users › one user's API tokens: see them (never the secrets) and revoke any of them. */
export default async function UserTokensPage({ params }: { params: Promise<{ id: string }> }) {
  await requireArea('admin');
  const id = Number((await params).id);
  const db = database();
  const user = Number.isSafeInteger(id) && id > 0 ? await getUserById(db, id) : null;
  if (!user) notFound();
  const tokens = await listApiTokens(db, user.id);
  return (
    <>
      <p className="small">
        <Link href="/admin/users">← Users</Link>
      </p>
      <PageHeader
        title={`API tokens of ${user.name}`}
        description={`${user.email} · ${roleLabels[user.role]}${user.isActive ? '' : ' · deactivated'}. A token acts with the user’s current role; a revoked token gets 401 at once. A password reset or a deactivation revokes all of them.`}
      />
      {tokens.length === 0 ? (
        <EmptyState title="No tokens">
          <p>This user has no API tokens. Users create their own on API tokens (/account/tokens).</p>
        </EmptyState>
      ) : (
        <TokenTable tokens={tokenRows(tokens)} owner={{ id: user.id, email: user.email }} />
      )}
    </>
  );
}
