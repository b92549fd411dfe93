import { getDb } from '@/lib/db/client';
import { listPairCampaignRecords } from '@/lib/db/pairs/pair-detail';
import { CampaignRecords } from '@/components/explore/campaign-records';

export async function CampaignRecordsSection({ pairId }: { pairId: number }) {
  return <CampaignRecords records={await listPairCampaignRecords(getDb(), pairId)} />;
}
