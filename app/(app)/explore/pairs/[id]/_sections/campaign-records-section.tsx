import { database } from '@/lib/db/database';
import { listPairCampaignRecords } from '@/lib/db/pairs/pair-detail';
import { CampaignRecords } from '@/components/explore/campaign-records';

export async function CampaignRecordsSection({ pairId }: { pairId: number }) {
  return <CampaignRecords records={await listPairCampaignRecords(database(), pairId)} />;
}
