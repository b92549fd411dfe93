import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { findMembership } from '@/lib/db/campaigns/campaign-membership';
import { listDiscussionPairs } from '@/lib/db/annotations/discussion';
import { database } from '@/lib/db/database';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { PageHeader } from '@/components/ui/page-header';
import { DiscussionList } from '@/components/discussion/discussion-list';

export const metadata: Metadata = { title: 'Discussion round' };

type Params = { params: Promise<{ campaign: string }> };

/** The discussion round of one campaign, for its annotators only (lib/db/annotations/discussion.ts). */
export default async function DiscussionPage({ params }: Params) {
  const user = await requireArea('annotate');
  const ref = decodeURIComponent((await params).campaign);
  const campaign = await findMembership(database(), parseCampaignRef(ref), user.id);
  if (!campaign) notFound();
  const pairs = await listDiscussionPairs(database(), campaign, user.id);
  return (
    <>
      <PageHeader
        title="Discussion round"
        description={
          <>
            Pairs you answered where the annotators disagree: read the others’ answers and rationales, then keep or revise yours
            (your first answer stays in the history). <Link href={`/annotate/${ref}`}>back to the workbench</Link>
          </>
        }
      />
      <DiscussionList
        campaignId={campaign.id}
        questions={campaign.questions}
        pairs={pairs}
        isActive={campaign.status === 'ACTIVE'}
      />
    </>
  );
}
