import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { listLabelCellPairs } from '@/lib/db/dashboards/label-comparison';
import { database } from '@/lib/db/database';
import { AppError } from '@/lib/errors/app-error';
import { prepareComparison, resolveComparison } from '@/lib/services/dashboards/compare-label-sets';
import { INT4_MAX } from '@/lib/api/db-numbers';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
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
  const prepared = await prepareComparison(campaign, search.question, search.with, search.map).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!prepared?.comparison) notFound();
  const { mine, other, page } = cell.data;
  // a cell of a mapped comparison holds every label mapped onto it
  const rawOf = (side: 'mine' | 'other', value: string) => {
    const map = prepared.mapping?.[side] ?? {};
    return [
      ...new Set(prepared.counts.flatMap((c) => (c[side] !== null && (map[c[side]] ?? c[side]) === value ? [c[side]] : []))),
    ];
  };
  const [mineRaw, otherRaw] = [rawOf('mine', mine), rawOf('other', other)];
  const db = database();
  const total = prepared.counts
    .filter((c) => c.mine !== null && c.other !== null && mineRaw.includes(c.mine) && otherRaw.includes(c.other))
    .reduce((sum, c) => sum + c.n, 0);
  const pairs = await listLabelCellPairs(
    db,
    campaign.id,
    resolved.question.key,
    resolved.other,
    { mine: mineRaw, other: otherRaw },
    { page, pageSize: PAGE_SIZE },
  );
  const base = `/dashboards/campaigns/${encodeURIComponent(campaign.slug)}/compare`;
  const query = comparisonQuery(resolved.question.key, search.with, { map: search.map });
  return (
    <>
      <PageHeader
        title={`${campaign.name}: ${mine} here, ${other} there`}
        description={
          <>
            {/* the label is a question ("Paraphrase under the loose definition?"): no colon after its mark */}
            Question: {resolved.question.label} · the pairs this campaign&apos;s final label puts in row {mine} and{' '}
            {resolved.otherName} in column {other} · <Link href={`${base}?${query}`}>back to the comparison</Link>
          </>
        }
      />
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        href={(p) =>
          `${base}/pairs?${comparisonQuery(resolved.question.key, search.with, { map: search.map, mine, other, page: String(p) })}`
        }
      />
      {total === 0 ? (
        <EmptyState title="No pairs in this cell">
          <p>
            No pair has {mine} here and {other} there. <Link href={`${base}?${query}`}>Back to the comparison</Link>
          </p>
        </EmptyState>
      ) : (
        <CellPairsTable pairs={pairs} rated={false} />
      )}
    </>
  );
}
