import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { getModelRun } from '@/lib/db/model-raters/model-run-views';
import { listRunMeasures } from '@/lib/db/model-raters/run-page-reads';
import { getCampaignWordingAt } from '@/lib/db/campaigns/campaign-wording';
import { parseDbId } from '@/lib/api/db-numbers';
import { measureList } from '@/lib/measures/catalog';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingBlock } from '@/components/ui/loading-block';
import { PageSection } from '@/components/campaigns/page-section';
import { RunLiveProgress } from '@/components/model-raters/run-live-progress';
import { RunActions } from '@/components/model-raters/run-actions';
import { RunAnswersView } from '@/components/model-raters/run-provenance';
import { ReportControls } from '@/components/model-raters/report/report-controls';
import { reportSearch } from '@/components/model-raters/report/report-search';
import { isLive, toRunJson } from '@/components/model-raters/format';
import { RunProvenanceSection } from './_sections/run-details-section';
import { ReportSection } from './_sections/report-section';

type Props = {
  params: Promise<{ slug: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Model run ${(await params).id}` };
}

export default async function ModelRunPage({ params, searchParams }: Props) {
  await requireArea('campaigns');
  const { slug, id: rawId } = await params;
  const id = parseDbId(rawId);
  if (id === null) notFound();
  const db = database();
  const view = await getModelRun(db, id);
  if (!view || view.campaign.slug !== decodeURIComponent(slug)) notFound();
  const run = toRunJson(view);
  const [wording, measures] = await Promise.all([
    getCampaignWordingAt(db, run.campaign.id, run.wordingVersion),
    listRunMeasures(db, run.id),
  ]);
  const search = reportSearch.parse(await searchParams);
  const questions = (wording?.questions ?? []).filter((q) => run.questions.includes(q.key) && q.type !== 'text');
  const question = questions.find((q) => q.key === search.question) ?? questions[0];
  const campaignUrl = `/campaigns/${encodeURIComponent(run.campaign.slug)}`;
  const runBase = `${campaignUrl}/model-runs/${run.id}`;
  const deciles = [
    ...measureList.map((m) => ({ value: m.key, label: m.label })),
    ...[...new Set(measures.map((m) => m.name))].map((name) => ({ value: `u.${name}`, label: `u.${name} (this run)` })),
  ];
  return (
    <>
      <PageHeader
        title={`Model run #${run.id}: ${run.rater}`}
        description={
          <>
            <Link href={`${campaignUrl}#model-raters-heading`}>{run.campaign.name}</Link> · {run.model} on {run.endpoint.name} ·
            prompt v{run.promptVersion} · {run.questions.length} questions ·{' '}
            <Link href={`${campaignUrl}/model-runs/compare`}>runs compared</Link>
          </>
        }
        actions={<RunActions run={run} campaignSlug={run.campaign.slug} afterDelete={`${campaignUrl}#model-raters-heading`} />}
      />
      <PageSection id="run-progress" title="Progress">
        <RunLiveProgress key={`${run.status}:${run.cancelRequested}`} run={run} />
      </PageSection>
      <PageSection id="judged" title="Judged like a human" note="on the pairs both the model and the annotators answered">
        {question ? (
          <div className="stack">
            <ReportControls search={search} questions={questions} question={question.key} measures={deciles} />
            <Suspense key={JSON.stringify(search)} fallback={<LoadingBlock label="the report" />}>
              <ReportSection
                runId={run.id}
                search={search}
                question={question.key}
                questionLabel={question.label}
                runBase={runBase}
                live={isLive(run)}
              />
            </Suspense>
          </div>
        ) : (
          <p className="muted">The run asked only free-text questions: there is nothing to compare with the annotators.</p>
        )}
      </PageSection>
      <PageSection id="answers" title="Answers and measures">
        <RunAnswersView runId={run.id} runBase={runBase} measures={measures} done={run.requestsDone} />
      </PageSection>
      <PageSection id="provenance" title="Settings and provenance">
        <Suspense fallback={<LoadingBlock label="the provenance" />}>
          <RunProvenanceSection run={run} />
        </Suspense>
      </PageSection>
    </>
  );
}
