import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { countAnswerPairs } from '@/lib/db/campaigns/campaign-relations';
import { database } from '@/lib/db/database';
import {
  MERGED_RELATIONS,
  MERGED_RELATION_LABELS,
  mergeRelationDirection,
  RELATIONS,
  RELATION_LABELS,
  isRelation,
} from '@/lib/annotation/relations';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSection } from '@/components/campaigns/page-section';
import { DashboardTabs, campaignTabs } from '@/components/dashboards/dashboard-tabs';
import { LooseStrictBars, RelationBars } from '@/components/dashboards/relation-charts';
import { loadCampaignPage, type CampaignParams } from '../_sections/campaign-page';

export const metadata: Metadata = { title: 'Relations' };

const searchSchema = z.object({
  definition: z.enum(['paraphraseLoose', 'paraphraseStrict']).catch('paraphraseLoose').default('paraphraseLoose'),
  relations: z.enum(['directional', 'merged']).catch('directional').default('directional'),
});

export default async function CampaignRelationsPage({ params, searchParams }: CampaignParams) {
  const campaign = await loadCampaignPage(params);
  const { definition, relations } = searchSchema.parse(await searchParams);
  const merged = relations === 'merged';
  const db = database();
  const asks = (key: string) => campaign.questions.some((q) => q.key === key);
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}`;
  const relationCounts =
    asks('relation') && asks(definition) ? await countAnswerPairs(db, campaign.id, 'relation', definition) : null;
  const cross =
    asks('paraphraseLoose') && asks('paraphraseStrict')
      ? await countAnswerPairs(db, campaign.id, 'paraphraseLoose', 'paraphraseStrict')
      : null;
  const count = (rows: readonly { a: string; b: string; n: number }[], a: string, b: string) =>
    rows.find((r) => r.a === a && r.b === b)?.n ?? 0;
  // merged (the thesis): forward and reverse entailment counted as one class
  const relationCount = (rows: readonly { a: string; b: string; n: number }[], relation: string, b: string) =>
    merged
      ? rows.filter((r) => isRelation(r.a) && mergeRelationDirection(r.a) === relation && r.b === b).reduce((n, r) => n + r.n, 0)
      : count(rows, relation, b);
  const classes: ReadonlyArray<{ key: string; label: string }> = merged
    ? MERGED_RELATIONS.map((r) => ({ key: r, label: MERGED_RELATION_LABELS[r] }))
    : RELATIONS.map((r) => ({ key: r, label: RELATION_LABELS[r] }));
  const relationRows =
    relationCounts &&
    classes.map((c) => ({
      relation: c.key,
      label: c.label,
      paraphrase: relationCount(relationCounts, c.key, 'true'),
      nonParaphrase: relationCount(relationCounts, c.key, 'false'),
    }));
  const crossRows =
    cross &&
    ['true', 'false'].map((l) => ({
      loose: l === 'true' ? 'loose: paraphrase' : 'loose: not',
      strictYes: count(cross, l, 'true'),
      strictNo: count(cross, l, 'false'),
    }));
  return (
    <>
      <PageHeader
        title={`${campaign.name}: relations`}
        description={
          <>
            One count per annotation that answered both questions; gold pairs and excluded annotators left out. Paraphrase by the{' '}
            <Link
              href={`${base}/relations?definition=paraphraseLoose&relations=${relations}`}
              aria-current={definition === 'paraphraseLoose' ? 'page' : undefined}
            >
              loose
            </Link>{' '}
            or{' '}
            <Link
              href={`${base}/relations?definition=paraphraseStrict&relations=${relations}`}
              aria-current={definition === 'paraphraseStrict' ? 'page' : undefined}
            >
              strict
            </Link>{' '}
            definition; relations{' '}
            <Link
              href={`${base}/relations?definition=${definition}&relations=directional`}
              aria-current={merged ? undefined : 'page'}
            >
              directional
            </Link>{' '}
            or{' '}
            <Link href={`${base}/relations?definition=${definition}&relations=merged`} aria-current={merged ? 'page' : undefined}>
              forward and reverse merged
            </Link>
            .
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
                  <td>{r.label}</td>
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
