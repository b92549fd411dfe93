import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { countAnswerPairs } from '@/lib/db/campaign-relations';
import { getSqlPool } from '@/lib/db/sql-pool';
import { RELATIONS, RELATION_LABELS } from '@/lib/annotation/relations';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSection } from '@/components/campaigns/page-section';
import { DashboardTabs, campaignTabs } from '@/components/dashboards/dashboard-tabs';
import { LooseStrictBars, RelationBars } from '@/components/dashboards/relation-charts';
import { loadCampaignPage, type CampaignParams } from '../_sections/campaign-page';

export const metadata: Metadata = { title: 'Relations' };

const searchSchema = z.object({ definition: z.enum(['paraphraseLoose', 'paraphraseStrict']).catch('paraphraseLoose').default('paraphraseLoose') });

export default async function CampaignRelationsPage({ params, searchParams }: CampaignParams) {
  const campaign = await loadCampaignPage(params);
  const { definition } = searchSchema.parse(await searchParams);
  const pool = getSqlPool();
  const asks = (key: string) => campaign.questions.some((q) => q.key === key);
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}`;
  const relationCounts = asks('relation') && asks(definition) ? await countAnswerPairs(pool, campaign.id, 'relation', definition) : null;
  const cross = asks('paraphraseLoose') && asks('paraphraseStrict') ? await countAnswerPairs(pool, campaign.id, 'paraphraseLoose', 'paraphraseStrict') : null;
  const count = (rows: readonly { a: string; b: string; n: number }[], a: string, b: string) => rows.find((r) => r.a === a && r.b === b)?.n ?? 0;
  const relationRows = relationCounts && RELATIONS.map((r) => ({ relation: r, paraphrase: count(relationCounts, r, 'true'), nonParaphrase: count(relationCounts, r, 'false') }));
  const crossRows = cross && ['true', 'false'].map((l) => ({ loose: l === 'true' ? 'loose: paraphrase' : 'loose: not', strictYes: count(cross, l, 'true'), strictNo: count(cross, l, 'false') }));
  return (
    <>
      <PageHeader
        title={`${campaign.name}: relations`}
        description={
          <>
            One count per annotation that answered both questions; gold pairs and excluded annotators left out. Paraphrase by the{' '}
            <Link href={`${base}/relations?definition=paraphraseLoose`} aria-current={definition === 'paraphraseLoose' ? 'page' : undefined}>
              loose
            </Link>{' '}
            or{' '}
            <Link href={`${base}/relations?definition=paraphraseStrict`} aria-current={definition === 'paraphraseStrict' ? 'page' : undefined}>
              strict
            </Link>{' '}
            definition.
          </>
        }
      />
      <DashboardTabs current={`${base}/relations`} links={campaignTabs(campaign.slug)} />
      {!relationRows && !crossRows && (
        <EmptyState title="Nothing to chart">
          <p>This campaign asks neither the entailment relation with a paraphrase label nor both paraphrase definitions.</p>
        </EmptyState>
      )}
      {relationRows && (
        <PageSection id="relations" title="Entailment relations by paraphrase label" note="thesis Fig. 5.5">
          <RelationBars rows={relationRows} />
          <table className="data" aria-label="Relations by paraphrase label">
            <thead>
              <tr>
                <th>Relation</th>
                <th className="num">paraphrase</th>
                <th className="num">not a paraphrase</th>
              </tr>
            </thead>
            <tbody>
              {relationRows.map((r) => (
                <tr key={r.relation}>
                  <td>{RELATION_LABELS[r.relation]}</td>
                  <td className="num">{r.paraphrase}</td>
                  <td className="num">{r.nonParaphrase}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </PageSection>
      )}
      {crossRows && (
        <PageSection id="loose-strict" title="Loose × strict">
          <LooseStrictBars rows={crossRows} />
          <table className="data" aria-label="Loose by strict">
            <thead>
              <tr>
                <th />
                <th className="num">strict: paraphrase</th>
                <th className="num">strict: not</th>
              </tr>
            </thead>
            <tbody>
              {crossRows.map((r) => (
                <tr key={r.loose}>
                  <th scope="row">{r.loose}</th>
                  <td className="num">{r.strictYes}</td>
                  <td className="num">{r.strictNo}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </PageSection>
      )}
    </>
  );
}
