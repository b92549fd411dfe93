import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { getCorpusBySlug } from '@/lib/db/corpora/corpora';
import { getCorpusMeasureMap } from '@/lib/db/dashboards/characteristic-maps';
import { listCellPairs } from '@/lib/db/pairs/map-cell-pairs';
import { measureBinLabel, parseCell } from '@/lib/dashboards/characteristic-map';
import { PageHeader } from '@/components/ui/page-header';
import { CellPairsTable, Pager } from '@/components/dashboards/cell-pairs-table';
import { INT4_MAX } from '@/lib/api/db-numbers';

export const metadata: Metadata = { title: 'Pairs in a map cell' };

const PAGE_SIZE = 25;
const searchSchema = z.object({
  corpus: z.string().min(1),
  cell: z.string(),
  page: z.coerce.number().int().min(1).max(INT4_MAX).catch(1).default(1),
});

export default async function CorpusCellPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireArea('dashboards');
  const parsed = searchSchema.safeParse(await searchParams);
  const cell = parsed.success ? parseCell(parsed.data.cell) : null;
  if (!parsed.success || !cell) notFound();
  const { corpus: slug, page } = parsed.data;
  const corpus = await getCorpusBySlug(database(), slug);
  if (!corpus) notFound();
  const [x, y] = cell;
  const total = (await getCorpusMeasureMap(database(), corpus.id)).cells[x]![y]!;
  const pairs = await listCellPairs(database(), { kind: 'corpus', corpusId: corpus.id }, cell, { page, pageSize: PAGE_SIZE });
  const explore = `/explore?corpus=${encodeURIComponent(slug)}&cell=${x},${y}`;
  return (
    <>
      <PageHeader
        title={`${corpus.name}: syn ${measureBinLabel(x)}, sem ${measureBinLabel(y)}`}
        description={
          <>
            The pairs of one characteristic-map cell, in import order · <Link href={explore}>open in the explorer</Link> ·{' '}
            <Link href={`/dashboards/maps?corpus=${encodeURIComponent(slug)}`}>back to the map</Link>
          </>
        }
      />
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        href={(p) => `/dashboards/maps/cell?corpus=${encodeURIComponent(slug)}&cell=${x},${y}&page=${p}`}
      />
      <CellPairsTable pairs={pairs} rated={false} />
    </>
  );
}
