import type { Metadata } from 'next';
import { requireUser } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listApiTokens } from '@/lib/db/accounts/api-tokens';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { CreateTokenForm } from '@/components/account/create-token-form';
import { TokenTable, tokenRows } from '@/components/account/token-table';

export const metadata: Metadata = { title: 'API tokens' };

export default async function ApiTokensPage() {
  const user = await requireUser();
  const tokens = await listApiTokens(database(), user.id);
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Tokens let scripts use the Paralens API (/api/v1) as you: send one as “Authorization: Bearer <token>”. A token acts with your current role; revoke it when it is no longer needed."
      />
      <CreateTokenForm />
      <h2>Your tokens</h2>
      {tokens.length === 0 ? (
        <EmptyState title="No tokens yet">
          <p>Create one above, or on the command line: npx paralens token create --email {user.email} --name NAME</p>
        </EmptyState>
      ) : (
        <TokenTable tokens={tokenRows(tokens)} />
      )}
      <p className="small muted">
        The API is described at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).
      </p>
    </>
  );
}
