import { getDb } from '@/lib/db/client';
import { listStratumProgress } from '@/lib/db/campaigns/campaign-progress';
import type { SamplingRecord } from '@/lib/sampling/describe-sample';
import { SampleSummary } from '@/components/campaigns/sample-summary';

/** How the items were drawn, with the answers' progress per stratum. */
export async function SampleDrawSection({
  campaignId,
  record,
  corpora,
}: {
  campaignId: number;
  record: SamplingRecord;
  corpora: string;
}) {
  const strata = await listStratumProgress(getDb(), campaignId);
  return <SampleSummary record={record} strata={strata} corpora={corpora} />;
}
