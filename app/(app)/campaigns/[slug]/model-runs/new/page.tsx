import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { getCampaignDetail } from '@/lib/db/campaigns/campaign-management';
import { getCampaignWording } from '@/lib/db/campaigns/campaign-wording';
import { listEndpoints } from '@/lib/db/model-raters/endpoints';
import { listPromptVersions } from '@/lib/db/model-raters/model-run-views';
import { countCampaignPairs, getCampaignPreviewPair } from '@/lib/db/model-raters/run-page-reads';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { NewRunForm } from '@/components/model-raters/new-run-form';

type Params = { params: Promise<{ slug: string }> };

export const metadata: Metadata = { title: 'New model run' };

export default async function NewModelRunPage({ params }: Params) {
  const user = await requireArea('campaigns');
  const slug = decodeURIComponent((await params).slug);
  const db = database();
  const campaign = await getCampaignDetail(db, slug);
  if (!campaign) notFound();
  const [wording, endpoints, versions, preview, counts] = await Promise.all([
    getCampaignWording(db, { id: campaign.id }),
    listEndpoints(db),
    listPromptVersions(db, campaign.id),
    getCampaignPreviewPair(db, campaign.id),
    countCampaignPairs(db, campaign.id),
  ]);
  if (!wording) notFound();
  const back = `/campaigns/${encodeURIComponent(campaign.slug)}`;
  return (
    <>
      <PageHeader
        title={`New model run: ${campaign.name}`}
        description={
          <>
            A language model answers the campaign&apos;s questions (wording version {wording.version}) for its pairs, with the
            guidelines the annotators read, and is judged as they are.{' '}
            <Link href={`${back}#model-raters-heading`}>Back to the campaign</Link>
          </>
        }
      />
      {endpoints.length === 0 ? (
        <EmptyState title="No model endpoint yet">
          <p>
            A run needs an OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio, OpenAI) registered as an endpoint.{' '}
            {user.role === 'ADMIN' ? (
              <Link href="/admin/model-endpoints">Add one under Admin → Model endpoints.</Link>
            ) : (
              'Ask an admin to add one under Admin → Model endpoints.'
            )}
          </p>
        </EmptyState>
      ) : counts.pairs === 0 ? (
        <EmptyState title="No pairs to ask">
          <p>The campaign has no pairs yet: draw its sample first.</p>
        </EmptyState>
      ) : (
        <NewRunForm
          campaign={{ id: campaign.id, slug: campaign.slug }}
          endpoints={endpoints.map((e) => ({ name: e.name, baseUrl: e.baseUrl, concurrency: e.concurrency }))}
          questions={wording.questions}
          guidelines={wording.guidelines}
          versions={versions}
          preview={preview}
          goldPairs={counts.gold}
          pairs={counts.pairs}
        />
      )}
    </>
  );
}
