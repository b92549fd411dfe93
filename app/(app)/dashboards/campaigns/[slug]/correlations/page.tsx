import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { listRatedPairs } from '@/lib/db/campaign-correlations';
import { getSqlPool } from '@/lib/db/sql-pool';
import { computeCorrelationTables, table6Axis, TABLE6_ROWS } from '@/lib/dashboards/correlation-table';
import { getDb } from '@/lib/db/client';
import { listSemanticAxes } from '@/lib/db/semantic-set';
import { isMeasureKey, measureCatalog, measureKeys, type MeasureKey } from '@/lib/measures/catalog';
import { PageHeader } from '@/components/ui/page-header';
import { PageSection } from '@/components/campaigns/page-section';
import { DashboardTabs, campaignTabs } from '@/components/dashboards/dashboard-tabs';
import { CorrelationBlock } from '@/components/dashboards/correlation-tables';
import { RatingScatter } from '@/components/dashboards/rating-scatter';
import { loadCampaignPage, type CampaignParams } from '../_sections/campaign-page';

export const metadata: Metadata = { title: 'Correlations' };

const searchSchema = z.object({
  aggregate: z.enum(['mean', 'median']).catch('mean').default('mean'),
  view: z.enum(['table6', 'full']).catch('table6').default('table6'),
  scatter: z.string().refine(isMeasureKey).optional().catch(undefined),
});

/** The scatter opens on the first of these that some rated pair has (then any other measure). */
const SCATTER_ORDER: readonly MeasureKey[] = ['st', 'bertscore', 'wms', 'wmsGlove', 'gloveCosine', 'wordnet', 'sem', ...measureKeys];

function SemFormulas({ formulas }: { formulas: string[] }) {
  if (formulas.length === 0) return null;
  return (
    <p className="small muted" data-testid="sem-formula">
      {formulas.join(' · ')}
    </p>
  );
}

export default async function CampaignCorrelationsPage({ params, searchParams }: CampaignParams) {
  const campaign = await loadCampaignPage(params);
  const { aggregate, view, scatter: asked } = searchSchema.parse(await searchParams);
  const rows = await listRatedPairs(getSqlPool(), campaign.id, aggregate);
  const scatter: MeasureKey = asked ?? SCATTER_ORDER.find((k) => rows.some((r) => r.measures[k] !== null)) ?? 'st';
  const semAxes = await listSemanticAxes(getDb());
  const formulas = [...new Set(rows.map((r) => r.corpus))].map((slug) => `${slug}: ${semAxes.get(slug)?.formula ?? 'sem: no semantic measure yet'}`);
  const { pooled, byCorpus } = computeCorrelationTables(rows);
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}/correlations`;
  const href = (next: Partial<{ aggregate: string; view: string; scatter: string }>) => `${base}?${new URLSearchParams({ aggregate, view, scatter, ...next }).toString()}`;
  const axis = table6Axis(scatter) ?? 'semantic';
  const points = rows.flatMap((r) => {
    const score = r.measures[scatter];
    const rating = axis === 'semantic' ? r.ratedSem : r.ratedSyn;
    return score === null || rating === null ? [] : [{ pairId: r.pairId, score, rating }];
  });
  const corpora = byCorpus.map((c) => ({ corpus: c.corpus, table: c.table }));
  return (
    <>
      <PageHeader
        title={`${campaign.name}: correlations with the measures`}
        description={
          <>
            Pearson&apos;s r with its Fisher z 95% interval, Spearman&apos;s ρ, n and the two-sided p, against the per-pair {aggregate} of the ratings (paper Table 6). Ratings:{' '}
            <Link href={href({ aggregate: 'mean' })} aria-current={aggregate === 'mean' ? 'page' : undefined}>
              mean
            </Link>{' '}
            ·{' '}
            <Link href={href({ aggregate: 'median' })} aria-current={aggregate === 'median' ? 'page' : undefined}>
              median
            </Link>{' '}
            · <Link href={href({ view: view === 'full' ? 'table6' : 'full' })}>{view === 'full' ? 'Table 6 layout' : 'full matrix'}</Link>
          </>
        }
      />
      <DashboardTabs current={`/dashboards/campaigns/${encodeURIComponent(campaign.slug)}/correlations`} links={campaignTabs(campaign.slug)} />
      {view === 'table6' ? (
        <>
          <CorrelationBlock title="Syntactic measures × syntactic ratings" axis="syntactic" measures={TABLE6_ROWS.syntactic} pooled={pooled} byCorpus={corpora} />
          <CorrelationBlock title="Semantic measures × semantic ratings" axis="semantic" measures={TABLE6_ROWS.semantic} pooled={pooled} byCorpus={corpora} />
          <SemFormulas formulas={formulas} />
        </>
      ) : (
        <>
          <CorrelationBlock title="Every measure × syntactic ratings" axis="syntactic" measures={measureKeys} pooled={pooled} byCorpus={corpora} />
          <CorrelationBlock title="Every measure × semantic ratings" axis="semantic" measures={measureKeys} pooled={pooled} byCorpus={corpora} />
          <SemFormulas formulas={formulas} />
        </>
      )}
      <PageSection id="scatter" title={`${measureCatalog[scatter].label} against the ${axis} ratings`} note={`${points.length} pairs, ratings jittered; click a point to open its pair`}>
        <nav className="row small" aria-label="Measure to plot">
          {measureKeys.map((k) => (
            <Link key={k} href={`${href({ scatter: k })}#scatter`} aria-current={k === scatter ? 'page' : undefined}>
              {measureCatalog[k].label}
            </Link>
          ))}
        </nav>
        {points.length === 0 ? (
          <p className="muted" data-testid="scatter-empty">
            {measureCatalog[scatter].label}: no values yet for the rated pairs of this campaign.
          </p>
        ) : (
          <RatingScatter points={points} measure={measureCatalog[scatter].label} rating={`${axis} rating`} />
        )}
      </PageSection>
    </>
  );
}
