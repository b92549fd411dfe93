import type { Metadata } from 'next';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { campaignDistributions } from '@/lib/services/dashboards/compute-distributions';
import { campaignDistributionsQuery } from '@/lib/api/contracts/distributions';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { DashboardTabs, campaignTabs } from '@/components/dashboards/dashboard-tabs';
import { ChoiceSelect } from '@/components/dashboards/choice-select';
import { DistributionsView } from '@/components/dashboards/distributions-view';
import { defaultQuestion, loadCampaignPage, type CampaignParams } from '../_sections/campaign-page';

export const metadata: Metadata = { title: 'Distributions by label' };

const searchSchema = z.object({
  question: z.string().max(100).optional().catch(undefined),
  measures: campaignDistributionsQuery.shape.measures.catch(undefined),
});

export default async function CampaignDistributionsPage({ params, searchParams }: CampaignParams) {
  const campaign = await loadCampaignPage(params);
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}`;
  const labelled = campaign.questions.filter((q) => q.type !== 'text');
  const { question: asked, measures } = searchSchema.parse(await searchParams);
  const question = labelled.find((q) => q.key === (asked ?? defaultQuestion(campaign)));
  const header = (
    <>
      <PageHeader
        title={`${campaign.name}: distributions by label`}
        description="Every measure's distribution on the campaign's pairs, split by a question's final label (gold pairs left out), as the thesis shows paraphrases and non-paraphrases side by side (Figs. 5.3, 5.4)."
      />
      <DashboardTabs current={`${base}/distributions`} links={campaignTabs(campaign.slug)} />
    </>
  );
  if (!question) {
    return (
      <>
        {header}
        <EmptyState title={labelled.length === 0 ? 'Nothing to split by' : 'No such question'}>
          <p>
            {labelled.length === 0
              ? 'This campaign asks only free-text questions; a split needs labels.'
              : `This campaign asks no labelled question "${asked}". Choose one of its questions.`}
          </p>
        </EmptyState>
      </>
    );
  }
  const data = await campaignDistributions(campaign, question.key, measures).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  const names = Object.fromEntries(
    (question.options ?? []).map((o) => [o.value, o.label === o.value ? o.value : `${o.value} (${o.label})`]),
  );
  return (
    <>
      {header}
      <form method="get" className="row small" aria-label="Split by">
        <ChoiceSelect
          label="Split by the final label of"
          name="question"
          value={question.key}
          options={labelled.map((q) => ({ value: q.key, text: q.label }))}
        />
        {measures && <input type="hidden" name="measures" value={measures.join(',')} />}
        <div style={{ alignSelf: 'end' }}>
          <button type="submit">Show</button>
        </div>
      </form>
      {!data || data.groups.length === 0 ? (
        <EmptyState title="No final labels yet">
          <p>
            None of this campaign&apos;s pairs has a final label for “{question.label}” yet. Final labels are decided once enough
            annotators have answered a pair (and on adjudication); the distributions appear as they come in.
          </p>
        </EmptyState>
      ) : (
        <DistributionsView data={data} names={names} fileName={`${campaign.slug}-distributions-${question.key}.csv`} />
      )}
    </>
  );
}
