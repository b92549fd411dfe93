import type { Metadata } from 'next';
import { Suspense } from 'react';
import Link from 'next/link';
import { z } from 'zod';
import { loadQuestionTables } from '@/lib/db/dashboards/campaign-agreement';
import { database } from '@/lib/db/database';
import {
  computePairwiseKappas,
  computeQuestionAgreement,
  DEFAULT_MIN_SHARED_PAIRS,
  mergeRelationDirections,
} from '@/lib/dashboards/question-agreement';
import { computeConfusionMatrix } from '@/lib/dashboards/agreement-aids';
import type { BreakdownFacet } from '@/lib/dashboards/agreement-breakdown';
import { isMeasureKey } from '@/lib/measures/catalog';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/loading-block';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSection } from '@/components/campaigns/page-section';
import { DashboardTabs, campaignTabs } from '@/components/dashboards/dashboard-tabs';
import { AgreementTable, MinSharedForm } from '@/components/dashboards/agreement-table';
import { ConfusionMatrix, KappaMatrix } from '@/components/dashboards/agreement-matrices';
import { loadCampaignPage, type CampaignParams } from './_sections/campaign-page';
import { BootstrapSection } from './_sections/bootstrap-section';
import { BreakdownSection } from './_sections/breakdown-section';
import { INT4_MAX } from '@/lib/api/db-numbers';

export const metadata: Metadata = { title: 'Agreement' };

const searchSchema = z.object({
  resamples: z.coerce.number().int().min(1).max(10_000).catch(1000).default(1000),
  seed: z.coerce.number().int().min(0).max(INT4_MAX).catch(1).default(1),
  by: z.string().catch('corpus').default('corpus'),
  minShared: z.coerce.number().int().min(1).max(1_000_000).catch(DEFAULT_MIN_SHARED_PAIRS).default(DEFAULT_MIN_SHARED_PAIRS),
  relations: z.enum(['directional', 'merged']).catch('directional').default('directional'),
});

function facetOf(by: string): BreakdownFacet {
  const measure = by.startsWith('measure:') ? by.slice('measure:'.length) : null;
  if (measure && isMeasureKey(measure)) return { kind: 'measure', measure };
  return by === 'stratum' ? { kind: 'stratum' } : { kind: 'corpus' };
}

export default async function CampaignAgreementPage({ params, searchParams }: CampaignParams) {
  const campaign = await loadCampaignPage(params);
  const { resamples, seed, by, minShared, relations } = searchSchema.parse(await searchParams);
  const merged = relations === 'merged';
  const tables = (await loadQuestionTables(database(), campaign)).map((t) =>
    mergeRelationDirections(t, merged && t.question.type === 'relation'),
  );
  const asksRelation = campaign.questions.some((q) => q.type === 'relation');
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}`;
  const rows = tables.map((t) => ({
    key: t.question.key,
    label: t.question.label,
    agreement: computeQuestionAgreement(t.table, t.scheme, { minSharedPairs: minShared }),
  }));
  return (
    <>
      <PageHeader
        title={`${campaign.name}: agreement`}
        description="Gold pairs and excluded annotators are left out. Reading aids: Landis & Koch bands for kappa; 0.667 and 0.8 for alpha."
      />
      <DashboardTabs current={base} links={campaignTabs(campaign.slug)} />
      {rows.length === 0 ? (
        <EmptyState title="No rated questions">
          <p>This campaign asks no question agreement applies to.</p>
        </EmptyState>
      ) : (
        <>
          <PageSection id="agreement" title="Agreement by question">
            <AgreementTable rows={rows} />
            <MinSharedForm minShared={minShared} hidden={{ resamples, seed, by, relations }} />
            {asksRelation && (
              <p className="small">
                Entailment relation read with{' '}
                <Link href={`${base}?relations=directional&minShared=${minShared}`} aria-current={merged ? undefined : 'page'}>
                  six directional classes
                </Link>{' '}
                ·{' '}
                <Link href={`${base}?relations=merged&minShared=${minShared}`} aria-current={merged ? 'page' : undefined}>
                  forward and reverse merged (the thesis)
                </Link>
              </p>
            )}
          </PageSection>
          <PageSection
            id="intervals"
            title="95% confidence intervals"
            note={`${resamples.toLocaleString('en')} bootstrap resamples over pairs, seed ${seed}`}
          >
            <Suspense fallback={<LoadingBlock label="bootstrap intervals" />}>
              <BootstrapSection campaign={campaign} resamples={resamples} seed={seed} mergedRelations={merged} />
            </Suspense>
          </PageSection>
          <PageSection id="matrices" title="Annotators and answers">
            {tables.map((t) => (
              <details key={t.question.key}>
                <summary>{t.question.label}</summary>
                <div className="row" style={{ alignItems: 'flex-start' }}>
                  <KappaMatrix
                    title={`${t.question.label}: Cohen's kappa by annotator pair`}
                    coders={t.table.coders}
                    pairs={computePairwiseKappas(t.table, t.scheme)}
                  />
                  <ConfusionMatrix
                    title={`${t.question.label}: confusion matrix`}
                    categories={t.scheme.categories}
                    counts={computeConfusionMatrix(t.table, t.scheme.categories)}
                  />
                </div>
              </details>
            ))}
          </PageSection>
          <PageSection id="breakdown" title="Broken down">
            <Suspense fallback={<LoadingBlock label="breakdown" />}>
              <BreakdownSection
                campaign={campaign}
                facet={facetOf(by)}
                href={(b) => `${base}?by=${encodeURIComponent(b)}#breakdown`}
              />
            </Suspense>
          </PageSection>
        </>
      )}
    </>
  );
}
