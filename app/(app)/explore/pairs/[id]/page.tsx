import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { getPairDetail } from '@/lib/db/pairs/pair-detail';
import { commonsPageUrl, commonsThumbnailUrl } from '@/lib/explore/commons';
import { pairFilterToParams, parsePairFilter } from '@/lib/explore/pair-filter';
import { PageHeader } from '@/components/ui/page-header';
import { TierBadge } from '@/components/ui/tier-badge';
import { LoadingBlock } from '@/components/ui/loading-block';
import { CorpusAttribution } from '@/components/corpora/corpus-attribution';
import { ImageThumbnail } from '@/components/explore/image-thumbnail';
import { MeasureList } from '@/components/explore/measure-list';
import { PairTexts } from '@/components/explore/pair-texts';
import { NeighbourLinksSection } from './_sections/neighbour-links-section';
import { CampaignRecordsSection } from './_sections/campaign-records-section';
import { ModelAnswersSection } from './_sections/model-answers-section';
import { parseDbId } from '@/lib/api/db-numbers';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Pair ${(await params).id}` };
}

export default async function PairPage({ params, searchParams }: Props) {
  await requireArea('explore');
  const id = parseDbId((await params).id);
  if (id === null) notFound();
  const pair = await getPairDetail(database(), id);
  if (!pair) notFound();
  const search = new URLSearchParams(
    Object.entries(await searchParams).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : v ? [[k, v]] : [])),
  );
  const parsed = parsePairFilter(search);
  const filter = parsed.ok ? { ...parsed.filter, cursor: null } : null;
  const viewQuery = filter ? pairFilterToParams(filter, { cursor: false, limit: false }).toString() : '';
  const label = pair.referenceLabel ?? (pair.referenceScore === null ? null : String(pair.referenceScore));

  return (
    <>
      <PageHeader
        title={`Pair ${pair.id}`}
        description={
          <>
            <TierBadge tier={pair.corpus.tier} /> <Link href={`/corpora/${pair.corpus.slug}`}>{pair.corpus.name}</Link>
            {pair.originalId ? ` · source id ${pair.originalId}` : ''}
          </>
        }
        actions={
          <nav className="row" aria-label="Within the view">
            <Link href={`/explore${viewQuery ? `?${viewQuery}` : ''}`}>Back to the explorer</Link>
            {filter ? (
              <Suspense fallback={<span className="muted">…</span>}>
                <NeighbourLinksSection filter={filter} pairId={pair.id} query={viewQuery} />
              </Suspense>
            ) : null}
          </nav>
        }
      />
      <PairTexts a={pair.a} b={pair.b} />
      <section className="card" aria-label="Source label and image">
        <h2>Source corpus</h2>
        <p>
          Label: <strong data-testid="reference-label">{label ?? 'none'}</strong>
          {pair.referenceScore !== null && pair.referenceLabel !== null ? ` (score ${pair.referenceScore})` : ''}
          {pair.referenceIsParaphrase === null
            ? ''
            : pair.referenceIsParaphrase
              ? ' · a paraphrase by the authors’ reading'
              : ' · not a paraphrase by the authors’ reading'}
        </p>
        <CorpusAttribution source={pair.corpus.source} licence={pair.corpus.licence} attribution={pair.corpus.attribution} />
        {pair.image ? (
          <ImageThumbnail
            thumbnail={commonsThumbnailUrl(pair.image.key)}
            page={commonsPageUrl(pair.image)}
            name={pair.image.key}
          />
        ) : null}
      </section>
      <section className="card" aria-label="Measures of the pair">
        <h2>Measures</h2>
        <MeasureList measures={pair.measures} semParts={pair.semParts} />
      </section>
      <h2>Annotations</h2>
      <Suspense fallback={<LoadingBlock label="annotations" />}>
        <CampaignRecordsSection pairId={pair.id} />
      </Suspense>
      <section className="card" aria-labelledby="model-raters-heading">
        <h2 id="model-raters-heading" style={{ marginTop: 0 }}>
          Model raters
        </h2>
        <Suspense fallback={<LoadingBlock label="model answers" />}>
          <ModelAnswersSection pairId={pair.id} />
        </Suspense>
      </section>
    </>
  );
}
