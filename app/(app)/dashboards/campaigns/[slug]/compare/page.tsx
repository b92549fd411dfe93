import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listComparableCampaigns } from '@/lib/db/dashboards/label-comparison';
import { pickerChoices } from '@/lib/tidy/tidy-rules';
import { getSqlPool } from '@/lib/db/sql-pool';
import { comparableQuestions } from '@/lib/dashboards/label-comparison';
import { AppError } from '@/lib/errors/app-error';
import { compareCampaignLabels } from '@/lib/http/label-comparison';
import { ChoiceSelect } from '@/components/dashboards/choice-select';
import { LeadingSelect } from '@/components/dashboards/leading-select';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSection } from '@/components/campaigns/page-section';
import { DashboardTabs, campaignTabs } from '@/components/dashboards/dashboard-tabs';
import { LabelComparisonFigures, LabelComparisonMatrix } from '@/components/dashboards/label-comparison-view';
import { defaultQuestion, loadCampaignPage, type CampaignParams } from '../_sections/campaign-page';
import { comparisonQuery, comparisonSearch } from './_sections/comparison';

export const metadata: Metadata = { title: 'Label sets compared' };

export default async function CampaignComparePage({ params, searchParams }: CampaignParams) {
  const campaign = await loadCampaignPage(params);
  const search = comparisonSearch.parse(await searchParams);
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}`;
  const questionKey = search.question ?? defaultQuestion(campaign);
  const question = campaign.questions.find((q) => q.key === questionKey && q.type !== 'text');
  const header = (
    <>
      <PageHeader
        title={`${campaign.name}: label sets compared`}
        description="This campaign's final labels against another campaign's final labels or the corpus's own labels, on the pairs both sides label (gold pairs left out), as MultiPIT compared its crowd with its experts."
      />
      <DashboardTabs current={`${base}/compare`} links={campaignTabs(campaign.slug)} />
    </>
  );
  if (!question) {
    if (search.question) notFound();
    return (
      <>
        {header}
        <EmptyState title="Nothing to compare">
          <p>This campaign asks only free-text questions; a comparison needs labels.</p>
        </EmptyState>
      </>
    );
  }
  const comparable = await listComparableCampaigns(getSqlPool(), campaign.id);
  const campaigns = pickerChoices(comparable, [
    campaign.slug,
    comparable.find((c) => search.with.startsWith(`campaign:${c.id}:`))?.slug,
  ]);
  const sides = [
    { value: 'source', text: `the corpus's own labels (${question.type === 'boolean' ? 'its paraphrase label' : 'its label'})` },
    ...campaigns.flatMap((c) =>
      c.questions
        .filter((q) => comparableQuestions(question, q) && !(c.id === campaign.id && q.key === question.key))
        .map((q) => ({ value: `campaign:${c.id}:${q.key}`, text: `${c.name}: ${q.label} (final labels)` })),
    ),
  ];
  const comparison = await compareCampaignLabels(campaign, question.key, search.with).catch((error: unknown) => {
    if (error instanceof AppError) return error;
    throw error;
  });
  if (comparison instanceof AppError) {
    return (
      <>
        {header}
        <EmptyState title="Cannot compare with that">
          <p>{comparison.message} Choose the other side from the list on this page.</p>
        </EmptyState>
      </>
    );
  }
  const otherName = sides.find((s) => s.value === search.with)?.text ?? search.with;
  const cellHref = (mine: string, other: string) =>
    `${base}/compare/pairs?${comparisonQuery(question.key, search.with, { mine, other })}`;
  return (
    <>
      {header}
      <form method="get" className="row small" aria-label="What to compare">
        <LeadingSelect
          label="This campaign's question"
          name="question"
          value={question.key}
          options={campaign.questions.filter((q) => q.type !== 'text').map((q) => ({ value: q.key, text: q.label }))}
          resets={['with', 'map']}
        />
        <ChoiceSelect label="Against" name="with" value={search.with} options={sides} />
        <div style={{ alignSelf: 'end' }}>
          <button type="submit">Compare</button>
        </div>
      </form>
      {comparison.n === 0 ? (
        <EmptyState title="No pair labelled on both sides">
          <p>
            {comparison.onlyThis === 0
              ? 'This campaign has no final label for this question yet: final labels are decided once enough annotators have answered a pair (and on adjudication).'
              : `This campaign has final labels on ${comparison.onlyThis.toLocaleString('en')} pairs, but the other side labels none of them.`}{' '}
            {comparison.onlyOther > 0 &&
              `The other side labels ${comparison.onlyOther.toLocaleString('en')} of this campaign's pairs without a final label here.`}
          </p>
          <p>Choose another side above, or annotate more: the comparison reads only pairs both sides label.</p>
        </EmptyState>
      ) : (
        <PageSection id="matrix" title="Confusion matrix" note="a count opens its pairs">
          <LabelComparisonMatrix comparison={comparison} otherName={otherName} cellHref={cellHref} />
          <LabelComparisonFigures comparison={comparison} />
        </PageSection>
      )}
    </>
  );
}
