import type { Metadata } from 'next';
import Link from 'next/link';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listCampaignProgress } from '@/lib/db/campaigns/campaign-progress';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { CampaignTable } from '@/components/campaigns/campaign-table';
import { ArchivedToggle } from '@/components/tidy/archived-toggle';

export const metadata: Metadata = { title: 'Campaigns' };

export default async function CampaignsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireArea('campaigns');
  const showArchived = (await searchParams).archived === 'include';
  const campaigns = await listCampaignProgress(database(), { includeArchived: showArchived });
  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Annotation campaigns: sample, questions, overlap, members and progress."
        actions={
          <>
            <ArchivedToggle path="/campaigns" showing={showArchived} count={campaigns.filter((c) => c.archivedAt).length} />
            <Link className="button" href="/campaigns/new">
              New campaign
            </Link>
          </>
        }
      />
      {campaigns.length === 0 ? (
        <EmptyState title="No campaigns yet">
          <p>
            A campaign samples pairs from one or more corpora and asks expert annotators for Likert similarity, paraphrase labels
            and entailment relations.
          </p>
          <p>
            <Link href="/campaigns/new">Create the first campaign</Link>
          </p>
        </EmptyState>
      ) : (
        <CampaignTable campaigns={campaigns} />
      )}
    </>
  );
}
