import type { CurrentUser } from '@/lib/auth/session-user';
import { database } from '@/lib/db/database';
import { describeCampaignDeletion } from '@/lib/db/campaigns/campaign-lifecycle';
import { campaignDeletionBlocker, campaignDeletionParts, canDelete } from '@/lib/tidy/tidy-rules';
import { ArchiveButton } from '@/components/tidy/archive-button';
import { CloneCampaignDialog } from '@/components/tidy/clone-campaign-dialog';
import { DeleteDialog } from '@/components/tidy/delete-dialog';

/** Clone, archive and delete (with what goes with it), in the campaign page's header. */
export async function CampaignTidyActions({
  campaign,
  user,
}: {
  campaign: { id: number; name: string; createdById: number | null; archivedAt: Date | null };
  user: CurrentUser;
}) {
  const summary = await describeCampaignDeletion(database(), campaign.id);
  const target = { what: 'campaign', id: campaign.id } as const;
  return (
    <span className="row tidy-actions">
      <CloneCampaignDialog campaignId={campaign.id} name={campaign.name} />
      {!campaign.archivedAt && <ArchiveButton target={target} archived={false} />}
      <DeleteDialog
        target={target}
        name={campaign.name}
        afterUrl="/campaigns"
        parts={campaignDeletionParts(summary)}
        blocker={campaignDeletionBlocker(summary)}
        mayDelete={canDelete(user, campaign.createdById)}
      />
    </span>
  );
}
