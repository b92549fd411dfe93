import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { listComparableCampaigns } from '@/lib/db/dashboards/label-comparison';
import { pickerChoices } from '@/lib/tidy/tidy-rules';
import { database } from '@/lib/db/database';
import { comparableQuestions } from '@/lib/dashboards/label-comparison';
import { MAPPING_PRESETS, sideToMap } from '@/lib/dashboards/label-mapping';
import { RELATION_LABELS } from '@/lib/annotation/relations';
import { AppError } from '@/lib/errors/app-error';
import { prepareComparison } from '@/lib/services/dashboards/compare-label-sets';
import { ChoiceSelect } from '@/components/dashboards/choice-select';
import { LeadingSelect } from '@/components/dashboards/leading-select';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSection } from '@/components/campaigns/page-section';
import { DashboardTabs, campaignTabs } from '@/components/dashboards/dashboard-tabs';
import { LabelComparisonFigures, LabelComparisonMatrix } from '@/components/dashboards/label-comparison-view';
import { LabelMappingForm } from '@/components/dashboards/label-mapping-form';
import { LabelMappingTable } from '@/components/dashboards/label-mapping-view';
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
        description="This campaign's final labels against another campaign's final labels or the corpus's own labels, on the pairs both sides label (gold pairs left out), as MultiPIT compared its crowd with its experts. Label sets that share no value are compared through a mapping of one onto the other."
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
  const comparable = await listComparableCampaigns(database(), campaign.id);
  const campaigns = pickerChoices(comparable, [
    campaign.slug,
    comparable.find((c) => search.with.startsWith(`campaign:${c.id}:`))?.slug,
  ]);
  const ownParaphrase = { value: 'source:paraphrase', text: "the corpus's own paraphrase label (yes/no)" };
  const ownLabel = { value: 'source:label', text: "the corpus's own label (SICK's ENTAILMENT…, MSRPC's 0/1…)" };
  const sides = [
    ...(question.type === 'boolean' ? [ownParaphrase, ownLabel] : [ownLabel, ownParaphrase]),
    ...campaigns.flatMap((c) =>
      c.questions
        .filter((q) => comparableQuestions(question, q) && !(c.id === campaign.id && q.key === question.key))
        .map((q) => ({ value: `campaign:${c.id}:${q.key}`, text: `${c.name}: ${q.label} (final labels)` })),
    ),
  ];
  // `source` is the paraphrase label for yes/no questions and the label otherwise: the select shows which
  const withShown = search.with === 'source' ? (question.type === 'boolean' ? ownParaphrase.value : ownLabel.value) : search.with;
  const prepared = await prepareComparison(campaign, question.key, search.with, search.map).catch((error: unknown) => {
    if (error instanceof AppError) return error;
    throw error;
  });
  const form = (
    <form method="get" className="row small" aria-label="What to compare">
      <LeadingSelect
        label="This campaign's question"
        name="question"
        value={question.key}
        options={campaign.questions.filter((q) => q.type !== 'text').map((q) => ({ value: q.key, text: q.label }))}
        resets={['with']}
      />
      <ChoiceSelect label="Against" name="with" value={withShown} options={sides} />
      <div style={{ alignSelf: 'end' }}>
        <button type="submit">Compare</button>
      </div>
    </form>
  );
  if (prepared instanceof AppError) {
    return (
      <>
        {header}
        {form}
        <EmptyState title="Cannot compare with that">
          <p>{prepared.message} Choose the other side from the list on this page.</p>
        </EmptyState>
      </>
    );
  }
  const { comparison, refusal, mapping, mineValues, otherValues, otherName } = prepared;
  const names: Record<string, string> = Object.fromEntries(
    [...mineValues, ...otherValues].map((v) => [
      v,
      v in RELATION_LABELS ? RELATION_LABELS[v as keyof typeof RELATION_LABELS] : v,
    ]),
  );
  const href = (map?: string) => `${base}/compare?${comparisonQuery(question.key, search.with, { map })}`;
  const side = sideToMap(mineValues, otherValues);
  const mappingForm = (
    <LabelMappingForm
      side={side}
      values={side === 'mine' ? mineValues : otherValues}
      targets={side === 'mine' ? otherValues : mineValues}
      names={names}
      current={mapping}
      comparisonHref={href()}
    />
  );
  if (!comparison) {
    return (
      <>
        {header}
        {form}
        <EmptyState title="These label sets share no value">
          <p>
            This campaign&apos;s labels ({mineValues.map((v) => names[v]).join(', ')}) and the labels of {otherName} (
            {otherValues.join(', ')}) have no value in common, so agreement and κ would be 0 by construction. Map one set onto the
            other first.
          </p>
          {refusal && refusal.presets.length > 0 && (
            <ul>
              {refusal.presets.map((p) => (
                <li key={p}>
                  <Link href={href(p)}>Map {MAPPING_PRESETS[p]!.title}</Link>{' '}
                  <span className="small muted">{MAPPING_PRESETS[p]!.reading}</span>
                </li>
              ))}
            </ul>
          )}
          {mappingForm}
        </EmptyState>
      </>
    );
  }
  const cellHref = (mine: string, other: string) =>
    `${base}/compare/pairs?${comparisonQuery(question.key, search.with, { map: search.map, mine, other })}`;
  return (
    <>
      {header}
      {form}
      {mapping && (
        <div className="stack">
          <LabelMappingTable mapping={mapping} names={names} otherName={otherName} />
          <p className="small">
            <Link href={href()}>Compare without the mapping</Link>
          </p>
        </div>
      )}
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
      <details>
        <summary>{mapping ? 'Change the mapping' : "Map one side's labels onto the other's"}</summary>
        {mappingForm}
      </details>
    </>
  );
}
