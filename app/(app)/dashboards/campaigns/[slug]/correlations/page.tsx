import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { listAxisRatedPairs, listRatedPairs } from '@/lib/db/dashboards/campaign-correlations';
import { database } from '@/lib/db/database';
import {
  columnOf,
  type CorrelationCell,
  computeAxisCorrelationTables,
  computeCorrelationTables,
  correlateUserMeasures,
  table6Axis,
  TABLE6_ROWS,
} from '@/lib/dashboards/correlation-table';
import { findRatingAxis, ratingAxes, type RatingAxisDef } from '@/lib/dashboards/rating-axes';
import { listSemanticAxes } from '@/lib/db/corpora/semantic-set';
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
  axis: z.string().max(60).optional().catch(undefined),
});

/** The scatter opens on the first of these that some rated pair has (then any other measure). */
const SCATTER_ORDER: readonly MeasureKey[] = [
  'st',
  'bertscore',
  'wms',
  'wmsGlove',
  'gloveCosine',
  'wordnet',
  'sem',
  ...measureKeys,
];

function SemFormulas({ formulas }: { formulas: string[] }) {
  if (formulas.length === 0) return null;
  return (
    <p className="small muted" data-testid="sem-formula">
      {formulas.join(' · ')}
    </p>
  );
}

/** The corpora's own measures (paralens import-scores) against both rating axes, pooled; nothing when there are none. */
function OwnMeasureBlocks({
  sem,
  syn,
  labelOf,
}: {
  sem: Record<string, CorrelationCell>;
  syn: Record<string, CorrelationCell>;
  labelOf: (name: string) => string;
}) {
  const names = Object.keys(sem);
  if (names.length === 0) return null;
  return (
    <>
      <CorrelationBlock title="Your measures × syntactic ratings" measures={names} pooled={syn} byCorpus={[]} labelOf={labelOf} />
      <CorrelationBlock title="Your measures × semantic ratings" measures={names} pooled={sem} byCorpus={[]} labelOf={labelOf} />
    </>
  );
}

/** The human axis: Table 6's two Likert scales (default) or any one rating axis of the campaign. */
function RatingAxisPicker({
  axes,
  chosen,
  href,
}: {
  axes: readonly RatingAxisDef[];
  chosen: string | null;
  href: (key: string | null) => string;
}) {
  return (
    <nav className="row small" aria-label="Rating axis">
      <span className="muted">Human axis:</span>
      <Link href={href(null)} aria-current={chosen === null ? 'page' : undefined}>
        semantic &amp; syntactic (Table 6)
      </Link>
      {axes.map((a) => (
        <Link key={a.key} href={href(a.key)} aria-current={a.key === chosen ? 'page' : undefined}>
          {a.kind === 'humanDelta' ? 'human Δ' : a.label}
        </Link>
      ))}
    </nav>
  );
}

function AxisNote({ axis, n, aggregate }: { axis: RatingAxisDef; n: number; aggregate: 'mean' | 'median' }) {
  const what =
    axis.kind === 'humanDelta'
      ? `per pair, the ${aggregate === 'median' ? 'lower median' : 'mean'} semantic rating minus the ${aggregate === 'median' ? 'lower median' : 'mean'} syntactic rating (−4 to 4); read it against Δsem,syn, the first row`
      : axis.kind === 'ordinal'
        ? `per pair, the ${aggregate === 'median' ? 'lower median' : 'mean'} position of the option chosen (${(axis.options ?? []).map((o, i) => `${o} = ${i}`).join(', ')})`
        : `per pair, the ${aggregate === 'median' ? 'lower median' : 'mean'} 0-4 rating`;
  return (
    <p className="small muted" data-testid="axis-note">
      {n} pairs with a value on this axis: {what}. Pearson&apos;s r [95% CI] · Spearman&apos;s ρ · Kendall&apos;s τ-b · n · p.
    </p>
  );
}

export default async function CampaignCorrelationsPage({ params, searchParams }: CampaignParams) {
  const campaign = await loadCampaignPage(params);
  const { aggregate, view, scatter: asked, axis: askedAxis } = searchSchema.parse(await searchParams);
  const rows = await listRatedPairs(database(), campaign.id, aggregate);
  const axes = ratingAxes(campaign.questions);
  const found = askedAxis === undefined ? null : findRatingAxis(campaign.questions, askedAxis);
  const chosen: RatingAxisDef | null = found && 'axis' in found ? found.axis : null;
  const axisRows = chosen ? await listAxisRatedPairs(database(), campaign.id, chosen, aggregate) : [];
  const scatter: MeasureKey =
    asked ??
    (chosen?.kind === 'humanDelta' ? 'delta' : undefined) ??
    SCATTER_ORDER.find((k) => rows.some((r) => r.measures[k] !== null)) ??
    'st';
  const semAxes = await listSemanticAxes(database());
  const formulas = [...new Set(rows.map((r) => r.corpus))].map(
    (slug) => `${slug}: ${semAxes.get(slug)?.formula ?? 'sem: no semantic measure yet'}`,
  );
  const { pooled, byCorpus } = computeCorrelationTables(rows);
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}/correlations`;
  const current = { aggregate, view, scatter, ...(chosen ? { axis: chosen.key } : {}) };
  const href = (next: Partial<{ aggregate: string; view: string; scatter: string; axis: string | null }>) => {
    const params = new URLSearchParams(
      Object.entries({ ...current, ...next }).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    return `${base}?${params.toString()}`;
  };
  const table6 = table6Axis(scatter) ?? 'semantic';
  const points = chosen
    ? axisRows.flatMap((r) =>
        r.measures[scatter] === null ? [] : [{ pairId: r.pairId, score: r.measures[scatter], rating: r.rating }],
      )
    : rows.flatMap((r) => {
        const score = r.measures[scatter];
        const rating = table6 === 'semantic' ? r.ratedSem : r.ratedSyn;
        return score === null || rating === null ? [] : [{ pairId: r.pairId, score, rating }];
      });
  const ratingName = chosen ? chosen.label : `${table6} rating`;
  const column = (axis: 'semantic' | 'syntactic') => ({
    pooled: columnOf(pooled, axis),
    byCorpus: byCorpus.map((c) => ({ corpus: c.corpus, table: columnOf(c.table, axis) })),
  });
  const axisTables = chosen ? computeAxisCorrelationTables(axisRows) : null;
  // The corpora's own measures (paralens import-scores), pooled, against the same axes.
  const ownSem = correlateUserMeasures(
    rows,
    rows.map((r) => r.ratedSem),
  );
  const ownSyn = correlateUserMeasures(
    rows,
    rows.map((r) => r.ratedSyn),
  );
  const ownAxis = chosen
    ? correlateUserMeasures(
        axisRows,
        axisRows.map((r) => r.rating),
      )
    : {};
  const own = (cells: Record<string, unknown>) => Object.keys(cells);
  const ownLabel = (name: string) => `${name} (yours)`;
  const axisMeasures: readonly MeasureKey[] =
    chosen?.kind === 'humanDelta' ? ['delta', ...measureKeys.filter((k) => k !== 'delta')] : measureKeys;
  return (
    <>
      <PageHeader
        title={`${campaign.name}: correlations with the measures`}
        description={
          <>
            Pearson&apos;s r with its Fisher z 95% interval, Spearman&apos;s ρ, Kendall&apos;s τ-b, n and the two-sided p, against
            the per-pair {aggregate} of the ratings (paper Table 6). Ratings:{' '}
            <Link href={href({ aggregate: 'mean' })} aria-current={aggregate === 'mean' ? 'page' : undefined}>
              mean
            </Link>{' '}
            ·{' '}
            <Link href={href({ aggregate: 'median' })} aria-current={aggregate === 'median' ? 'page' : undefined}>
              median
            </Link>{' '}
            ·{' '}
            <Link href={href({ view: view === 'full' ? 'table6' : 'full' })}>
              {view === 'full' ? 'Table 6 layout' : 'full matrix'}
            </Link>
          </>
        }
      />
      <DashboardTabs
        current={`/dashboards/campaigns/${encodeURIComponent(campaign.slug)}/correlations`}
        links={campaignTabs(campaign.slug)}
      />
      <RatingAxisPicker axes={axes} chosen={chosen?.key ?? null} href={(key) => href({ axis: key })} />
      {found && 'error' in found ? (
        <p className="error" role="alert" data-testid="axis-error">
          {found.error}
        </p>
      ) : null}
      {chosen && axisTables ? (
        <>
          <CorrelationBlock
            title={`Every measure × ${chosen.label}`}
            measures={axisMeasures}
            pooled={axisTables.pooled}
            byCorpus={axisTables.byCorpus}
          />
          {own(ownAxis).length > 0 && (
            <CorrelationBlock
              title={`Your measures × ${chosen.label}`}
              measures={own(ownAxis)}
              pooled={ownAxis}
              byCorpus={[]}
              labelOf={ownLabel}
            />
          )}
          <AxisNote axis={chosen} n={axisRows.length} aggregate={aggregate} />
        </>
      ) : view === 'table6' ? (
        <>
          <CorrelationBlock
            title="Syntactic measures × syntactic ratings"
            measures={TABLE6_ROWS.syntactic}
            {...column('syntactic')}
          />
          <CorrelationBlock
            title="Semantic measures × semantic ratings"
            measures={TABLE6_ROWS.semantic}
            {...column('semantic')}
          />
          <OwnMeasureBlocks sem={ownSem} syn={ownSyn} labelOf={ownLabel} />
        </>
      ) : (
        <>
          <CorrelationBlock title="Every measure × syntactic ratings" measures={measureKeys} {...column('syntactic')} />
          <CorrelationBlock title="Every measure × semantic ratings" measures={measureKeys} {...column('semantic')} />
          <OwnMeasureBlocks sem={ownSem} syn={ownSyn} labelOf={ownLabel} />
        </>
      )}
      <SemFormulas formulas={formulas} />
      <PageSection
        id="scatter"
        title={`${measureCatalog[scatter].label} against ${chosen ? `the axis ${chosen.label}` : `the ${table6} ratings`}`}
        note={`${points.length} pairs, ratings jittered; click a point to open its pair`}
      >
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
          <RatingScatter
            points={points}
            measure={measureCatalog[scatter].label}
            rating={ratingName}
            ratingRange={chosen?.range ?? [0, 4]}
          />
        )}
      </PageSection>
    </>
  );
}
