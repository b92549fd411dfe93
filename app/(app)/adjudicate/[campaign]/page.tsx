import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { findAdjudicationCampaign, listAdjudicationQueue } from '@/lib/db/annotations/adjudications';
import { database } from '@/lib/db/database';
import { parseCampaignRef } from '@/lib/naming/campaign-ref';
import { PageHeader } from '@/components/ui/page-header';
import { AdjudicationQueue } from '@/components/adjudication/adjudication-queue';

export const metadata: Metadata = { title: 'Adjudication' };

type Params = { params: Promise<{ campaign: string }> };

/**
 * The adjudication queue of one campaign: researchers, admins and members with the adjudicator
 * role; anyone else gets the 404 page, as for a campaign that does not exist.
 */
export default async function AdjudicationPage({ params }: Params) {
  const user = await requireArea('annotate');
  const campaign = await findAdjudicationCampaign(
    database(),
    parseCampaignRef(decodeURIComponent((await params).campaign)),
    user,
  );
  if (!campaign) notFound();
  const { pairs, total, labels } = await listAdjudicationQueue(database(), campaign.id);
  return (
    <>
      <PageHeader
        title={`Adjudication: ${campaign.name}`}
        description={
          <>
            Pairs whose final label is open (a tie, or Likert answers two points apart or more).{' '}
            {user.role !== 'ANNOTATOR' && <Link href={`/campaigns/${campaign.slug}`}>back to the campaign</Link>}
          </>
        }
      />
      <AdjudicationQueue campaignId={campaign.id} questions={campaign.questions} pairs={pairs} open={{ pairs: total, labels }} />
    </>
  );
}
