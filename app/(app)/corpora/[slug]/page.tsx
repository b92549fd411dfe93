import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { getCorpusBySlug } from '@/lib/db/corpora';
import { getCorpusStats } from '@/lib/db/corpus-stats';
import { listPairs } from '@/lib/db/pairs';
import { PageHeader } from '@/components/ui/page-header';
import { TierBadge } from '@/components/ui/tier-badge';
import { MeasureSummaryTable } from '@/components/corpora/measure-summary-table';
import { PairPreviewTable } from '@/components/corpora/pair-preview-table';
import { CorpusAttribution } from '@/components/corpora/corpus-attribution';

type Params = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: decodeURIComponent((await params).slug) };
}

export default async function CorpusPage({ params }: Params) {
  await requireArea('corpora');
  const { slug } = await params;
  const db = getDb();
  const corpus = await getCorpusBySlug(db, slug);
  if (!corpus) notFound();
  const [stats, pairs] = await Promise.all([getCorpusStats(db, corpus.id), listPairs(db, corpus.id, { limit: 25, offset: 0 })]);
  return (
    <>
      <PageHeader
        title={corpus.name}
        description={
          <>
            <TierBadge tier={corpus.tier} /> {corpus.description}
          </>
        }
      />
      <CorpusAttribution source={corpus.source} licence={corpus.licence} attribution={corpus.attribution} />
      <h2>Measures</h2>
      <MeasureSummaryTable stats={stats} />
      <h2>First pairs</h2>
      <PairPreviewTable pairs={pairs} />
    </>
  );
}
