import type { Metadata } from 'next';
import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { getCorpusBySlug } from '@/lib/db/corpora/corpora';
import { PageHeader } from '@/components/ui/page-header';
import { TierBadge } from '@/components/ui/tier-badge';
import { LoadingBlock } from '@/components/ui/loading-block';
import { CorpusAttribution } from '@/components/corpora/corpus-attribution';
import { CorpusLinks } from '@/components/corpora/corpus-links';
import { CorpusLanguageForm } from '@/components/corpora/corpus-language-form';
import { languageName } from '@/lib/naming/language';
import { ImportPanel } from '@/components/imports/import-panel';
import { uploadLimitBytes } from '@/lib/services/uploads/save-upload';
import { CorpusMeasuresSection } from './_sections/corpus-measures-section';
import { CorpusImportsSection } from './_sections/corpus-imports-section';
import { CorpusSemanticSection } from './_sections/corpus-semantic-section';
import { CorpusJudgementsSection } from './_sections/corpus-judgements-section';
import { CorpusUserMeasuresSection } from './_sections/corpus-user-measures-section';
import { CorpusTidyActions } from './_sections/corpus-tidy-actions';
import { ArchivedNotice } from '@/components/tidy/archived-notice';

type Params = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: decodeURIComponent((await params).slug) };
}

export default async function CorpusPage({ params }: Params) {
  const user = await requireArea('corpora');
  const { slug } = await params;
  const corpus = await getCorpusBySlug(database(), slug);
  if (!corpus) notFound();
  return (
    <>
      <PageHeader
        title={corpus.name}
        description={
          <>
            <TierBadge tier={corpus.tier} /> {corpus.pairCount.toLocaleString('en')} pairs. {corpus.description}
          </>
        }
        actions={<CorpusTidyActions slug={corpus.slug} user={user} />}
      />
      {corpus.archivedAt && (
        <ArchivedNotice target={{ what: 'corpus', slug: corpus.slug }} archivedAt={corpus.archivedAt.toISOString()} />
      )}
      <CorpusLinks slug={corpus.slug} />
      <CorpusAttribution source={corpus.source} licence={corpus.licence} attribution={corpus.attribution} />
      <CorpusLanguageForm slug={corpus.slug} language={corpus.language} name={languageName(corpus.language)} />
      <ImportPanel corpusSlug={corpus.slug} uploadLimitMb={Math.round(uploadLimitBytes() / 1024 / 1024)} />
      <Suspense fallback={<LoadingBlock label="imports" />}>
        <CorpusImportsSection corpusId={corpus.id} />
      </Suspense>
      <Suspense fallback={<LoadingBlock label="measures" />}>
        <CorpusMeasuresSection corpusId={corpus.id} language={corpus.language} measureTokenizer={corpus.measureTokenizer} />
      </Suspense>
      <Suspense fallback={<LoadingBlock label="your measures" />}>
        <CorpusUserMeasuresSection corpusId={corpus.id} slug={corpus.slug} />
      </Suspense>
      <Suspense fallback={<LoadingBlock label="judgements" />}>
        <CorpusJudgementsSection corpusId={corpus.id} slug={corpus.slug} />
      </Suspense>
      <Suspense fallback={<LoadingBlock label="semantic measures" />}>
        <CorpusSemanticSection corpusId={corpus.id} slug={corpus.slug} />
      </Suspense>
    </>
  );
}
