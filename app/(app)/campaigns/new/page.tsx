import type { Metadata } from 'next';
import Link from 'next/link';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listCorporaWithCounts, listCorpusTextTypes } from '@/lib/db/corpora/corpora';
import { listUsers } from '@/lib/db/accounts/users';
import { PageHeader } from '@/components/ui/page-header';
import { NewCampaignForm } from '@/components/campaigns/new-campaign-form';

export const metadata: Metadata = { title: 'New campaign' };

export default async function NewCampaignPage() {
  await requireArea('campaigns');
  const db = database();
  const [corpora, users] = await Promise.all([listCorporaWithCounts(db), listUsers(db)]);
  const textTypes = await listCorpusTextTypes(
    db,
    corpora.map((c) => c.id),
  );
  return (
    <>
      <PageHeader
        title="New campaign"
        description={
          <>
            Sample pairs, choose the questions and the annotators. The form uses <code>POST /api/v1/campaigns</code>, as scripts
            do. <Link href="/campaigns">Back to campaigns</Link>
          </>
        }
      />
      <NewCampaignForm
        corpora={corpora.map((c) => ({
          slug: c.slug,
          name: c.name,
          tier: c.tier,
          pairCount: c.pairCount,
          textTypes: textTypes.get(c.id) ?? [],
        }))}
        users={users.filter((u) => u.isActive).map((u) => ({ email: u.email, name: u.name, role: u.role }))}
      />
    </>
  );
}
