import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { countLabelPairs, listLabelCellPairs } from '@/lib/db/dashboards/label-comparison';
import { getSqlPool } from '@/lib/db/sql-pool';
import { AppError } from '@/lib/errors/app-error';
import { resolveComparison } from '@/lib/http/label-comparison';
import { INT4_MAX } from '@/lib/api/db-numbers';
import { PageHeader } from '@/components/ui/page-header';
import { CellPairsTable, Pager } from '@/components/dashboards/cell-pairs-table';
import { loadCampaignPage, type CampaignParams } from '../../_sections/campaign-page';
import { comparisonQuery, comparisonSearch } from '../_sections/comparison';

export const metadata: Metadata = { title: 'Pairs in a comparison cell' };

const PAGE_SIZE = 25;
const cellSchema = z.object({
  mine: z.string().min(1).max(200),
  other: z.string().min(1).max(200),
  page: z.coerce.number().int().min(1).max(INT4_MAX).catch(1).default(1),
});

export default async function ComparisonCellPage({ params, searchParams }: CampaignParams) {
  const campaign = await loadCampaignPage(params);
  const raw = await searchParams;
  const search = comparisonSearch.parse(raw);
  const cell = cellSchema.safeParse(raw);
  if (!search.question || !cell.success) notFound();
  const resolved = await resolveComparison(campaign, search.question, search.with).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!resolved) notFound();
  const { mine, other, page } = cell.data;
  const pool = getSqlPool();
  const total =
    (await countLabelPairs(pool, campaign.id, resolved.question.key, resolved.other)).find(
      (c) => c.mine === mine && c.other === other,
    )?.n ?? 0;
  const pairs = await listLabelCellPairs(
    pool,
    campaign.id,
    resolved.question.key,
    resolved.other,
    { mine, other },
    { page, pageSize: PAGE_SIZE },
  );
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}/compare`;
  const query = comparisonQuery(resolved.question.key, search.with);
  return (
    <>
      <PageHeader
        title={`${campaign.name}: ${mine} here, ${other} there`}
        description={
          <>
            {resolved.question.label}: the pairs this campaign&apos;s final label puts in row {mine} and {resolved.otherName} in
            column {other} · <Link href={`${base}?${query}`}>back to the comparison</Link>
          </>
        }
      />
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        href={(p) => `${base}/pairs?${comparisonQuery(resolved.question.key, search.with, { mine, other, page: String(p) })}`}
      />
      <CellPairsTable pairs={pairs} rated={false} />
    </>
  );
}
