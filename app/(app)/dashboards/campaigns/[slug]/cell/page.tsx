import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { getCampaignMeasureMap, getCampaignRatingsMap, listCampaignCorpora } from '@/lib/db/dashboards/characteristic-maps';
import { listCellPairs, type CellScope } from '@/lib/db/pairs/map-cell-pairs';
import { database } from '@/lib/db/database';
import { measureBinLabel, parseCell } from '@/lib/dashboards/characteristic-map';
import { PageHeader } from '@/components/ui/page-header';
import { CellPairsTable, Pager } from '@/components/dashboards/cell-pairs-table';
import { loadCampaignPage, type CampaignParams } from '../_sections/campaign-page';
import { INT4_MAX } from '@/lib/api/db-numbers';

export const metadata: Metadata = { title: 'Pairs in a map cell' };

const PAGE_SIZE = 25;
const searchSchema = z.object({
  source: z.enum(['ratings', 'measures']).default('ratings'),
  median: z.enum(['lower', 'upper']).default('lower'),
  annotator: z.string().min(1).max(64).optional(),
  corpus: z.string().min(1).max(200).optional(),
  cell: z.string(),
  page: z.coerce.number().int().min(1).max(INT4_MAX).catch(1).default(1),
});

export default async function CampaignCellPage({ params, searchParams }: CampaignParams) {
  const campaign = await loadCampaignPage(params);
  const parsed = searchSchema.safeParse(await searchParams);
  const cell = parsed.success ? parseCell(parsed.data.cell) : null;
  if (!parsed.success || !cell) notFound();
  const { source, median, annotator, page } = parsed.data;
  const db = database();
  const corpus =
    parsed.data.corpus === undefined
      ? null
      : (await listCampaignCorpora(db, campaign.id)).find((c) => c.slug === parsed.data.corpus);
  if (corpus === undefined) notFound();
  const corpusId = corpus?.id;
  const scope: CellScope =
    source === 'measures'
      ? { kind: 'campaign', campaignId: campaign.id, source, corpusId }
      : { kind: 'campaign', campaignId: campaign.id, source, median, annotator, corpusId };
  const map =
    source === 'measures'
      ? await getCampaignMeasureMap(db, campaign.id, corpusId ?? null)
      : await getCampaignRatingsMap(db, campaign.id, { median, annotator, corpusId });
  const [x, y] = cell;
  const pairs = await listCellPairs(db, scope, cell, { page, pageSize: PAGE_SIZE });
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}`;
  const query = `source=${source}&median=${median}${annotator ? `&annotator=${encodeURIComponent(annotator)}` : ''}${corpus ? `&corpus=${encodeURIComponent(corpus.slug)}` : ''}&cell=${x},${y}`;
  const where = `${source === 'measures' ? `syn ${measureBinLabel(x)}, sem ${measureBinLabel(y)}` : `syntactic rating ${x}, semantic rating ${y}${annotator ? ` by ${annotator}` : ` (${median} median)`}`}${corpus ? `, ${corpus.name}` : ''}`;
  return (
    <>
      <PageHeader
        title={`${campaign.name}: ${where}`}
        description={
          <>
            The campaign&apos;s pairs in one cell of its map ·{' '}
            <Link href={`${base}/maps?median=${median}`}>back to the maps</Link>
          </>
        }
      />
      <Pager page={page} pageSize={PAGE_SIZE} total={map.cells[x]![y]!} href={(p) => `${base}/cell?${query}&page=${p}`} />
      <CellPairsTable pairs={pairs} rated={source === 'ratings'} />
    </>
  );
}
