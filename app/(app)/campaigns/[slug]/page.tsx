import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { getCampaignDetail, listCampaignMembers, listMemberCandidates } from '@/lib/db/campaigns/campaign-management';
import { readSamplingRecord } from '@/lib/sampling/describe-sample';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/loading-block';
import { StatusControls } from '@/components/campaigns/status-controls';
import { MemberManager } from '@/components/campaigns/member-manager';
import { QuestionList } from '@/components/campaigns/question-list';
import { GuidelinesMarkdown } from '@/components/campaigns/guidelines-markdown';
import { PageSection } from '@/components/campaigns/page-section';
import { CampaignResults } from '@/components/campaigns/campaign-results';
import { ProgressSection } from './_sections/progress-section';
import { SampleDrawSection } from './_sections/sample-draw-section';
import { QualitySection } from './_sections/quality-section';
import { CampaignTidyActions } from './_sections/campaign-tidy-actions';
import { ModelRunsSection } from './_sections/model-runs-section';
import { ArchivedNotice } from '@/components/tidy/archived-notice';
import { getCampaignWording } from '@/lib/db/campaigns/campaign-wording';
import { WordingEditor } from '@/components/campaigns/wording-editor';
import { WordingHistory } from '@/components/campaigns/wording-history';

type Params = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  return { title: decodeURIComponent((await params).slug) };
}

export default async function CampaignPage({ params }: Params) {
  const user = await requireArea('campaigns');
  const slug = decodeURIComponent((await params).slug);
  const db = database();
  const campaign = await getCampaignDetail(db, slug);
  if (!campaign) notFound();
  const [members, candidates, wording] = await Promise.all([
    listCampaignMembers(db, campaign.id),
    listMemberCandidates(db, campaign.id),
    getCampaignWording(db, { id: campaign.id }),
  ]);
  if (!wording) notFound();
  const corpora = campaign.corpora.map((c) => c.name).join(', ');
  return (
    <>
      <PageHeader
        title={campaign.name}
        description={
          <>
            {corpora} · {campaign.overlap} annotators per pair ·{' '}
            {campaign.randomiseOrder ? 'texts in random order' : 'texts in stored order'} · pairs held {campaign.holdMinutes} min
            · {campaign.goldEvery > 0 ? `one gold pair in every ${campaign.goldEvery}` : 'no gold pairs'} · created{' '}
            {campaign.createdAt.toISOString().slice(0, 10)}
            {campaign.createdBy && ` by ${campaign.createdBy}`} · <Link href="/campaigns">all campaigns</Link>
          </>
        }
        actions={<CampaignTidyActions campaign={campaign} user={user} />}
      />
      {campaign.archivedAt && (
        <ArchivedNotice target={{ what: 'campaign', id: campaign.id }} archivedAt={campaign.archivedAt.toISOString()} />
      )}
      <StatusControls slug={campaign.slug} status={campaign.status} />
      <PageSection id="results" title="Results" note="dashboards, model runs and exports of this campaign">
        <CampaignResults id={campaign.id} slug={campaign.slug} questions={campaign.questions} />
      </PageSection>
      <PageSection id="progress" title="Progress">
        <Suspense fallback={<LoadingBlock label="progress" />}>
          <ProgressSection campaignId={campaign.id} overlap={campaign.overlap} />
        </Suspense>
      </PageSection>
      <PageSection id="sample" title="Sample">
        <Suspense fallback={<LoadingBlock label="sample" />}>
          <SampleDrawSection
            campaignId={campaign.id}
            slug={campaign.slug}
            record={readSamplingRecord(campaign.sampling)}
            sampling={campaign.sampling}
            corpora={corpora}
          />
        </Suspense>
      </PageSection>
      <PageSection id="quality" title="Quality" note="gold pairs, final labels, adjudication">
        <Suspense fallback={<LoadingBlock label="quality" />}>
          <QualitySection campaign={campaign} />
        </Suspense>
      </PageSection>
      <PageSection id="model-raters" title="Model raters" note="language models judged as annotators are">
        <Suspense fallback={<LoadingBlock label="model runs" />}>
          <ModelRunsSection campaignId={campaign.id} slug={campaign.slug} />
        </Suspense>
      </PageSection>
      <PageSection id="members" title="Annotators">
        <MemberManager slug={campaign.slug} members={members} candidates={candidates} isClosed={campaign.status === 'CLOSED'} />
      </PageSection>
      <PageSection id="questions" title="Questions">
        <QuestionList questions={wording.questions} />
        {wording.lockedReason && (
          <p className="small muted">Options, scale points and required settings are locked: {wording.lockedReason}</p>
        )}
      </PageSection>
      <PageSection id="guidelines" title="Guidelines" note="as annotators see them">
        <details>
          <summary>Show the guidelines</summary>
          <GuidelinesMarkdown markdown={wording.guidelines} />
        </details>
      </PageSection>
      <PageSection id="wording" title="Wording" note={`version ${wording.version}`}>
        <details>
          <summary>Edit wording</summary>
          <WordingEditor
            campaignId={campaign.id}
            version={wording.version}
            guidelines={wording.guidelines}
            questions={wording.questions}
            lockedReason={wording.lockedReason}
          />
        </details>
        <h3>Versions</h3>
        <WordingHistory versions={wording.versions} current={wording.version} />
      </PageSection>
    </>
  );
}
