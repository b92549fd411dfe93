import type { Metadata } from 'next';
import Link from 'next/link';
import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { getCampaignDetail } from '@/lib/db/campaigns/campaign-management';
import { listModelRuns } from '@/lib/db/model-raters/model-run-views';
import { compareRuns } from '@/lib/services/model-raters/load-run-report';
import { computeRunReportOffThread } from '@/lib/runtime/compute-workers';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingBlock } from '@/components/ui/loading-block';
import { Field } from '@/components/ui/field';
import { RunComparisonTable } from '@/components/model-raters/run-comparison-table';
import { toRunJson } from '@/components/model-raters/format';
import { EPSILON_CHOICES } from '@/components/model-raters/report/report-search';

export const metadata: Metadata = { title: 'Model runs compared' };

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const compareSearch = z.object({
  question: z.string().min(1).max(40).optional().catch(undefined),
  epsilon: z.coerce.number().min(0).max(1).default(0.2).catch(0.2),
});

async function ComparisonSection({
  campaignId,
  slug,
  question,
  epsilon,
}: {
  campaignId: number;
  slug: string;
  question: string;
  epsilon: number;
}) {
  const db = database();
  const runs = await listModelRuns(db, campaignId);
  const rows = await compareRuns(
    db,
    database(),
    runs,
    { question, epsilon, smallSample: 'wilcoxon', fdr: 'per-stratum', resamples: 200 },
    computeRunReportOffThread,
  );
  return (
    <RunComparisonTable
      campaignSlug={slug}
      question={question}
      rows={rows.map((r) => ({ run: toRunJson(r.run), report: r.report, reason: r.reason }))}
    />
  );
}

/** A campaign's model runs side by side on one question: settings and agreement figures, to see drift and prompt effects. */
export default async function ModelRunsComparePage({ params, searchParams }: Props) {
  await requireArea('campaigns');
  const slug = decodeURIComponent((await params).slug);
  const campaign = await getCampaignDetail(database(), slug);
  if (!campaign) notFound();
  const search = compareSearch.parse(await searchParams);
  const questions = campaign.questions.filter((q) => q.type !== 'text');
  const question = questions.find((q) => q.key === search.question) ?? questions[0];
  const campaignUrl = `/campaigns/${encodeURIComponent(campaign.slug)}`;
  return (
    <>
      <PageHeader
        title={`${campaign.name}: model runs compared`}
        description={
          <>
            Every run of the campaign on one question, newest first: a repeat shows whether the model drifted, another prompt
            version or temperature what it changes. Intervals use 200 bootstrap resamples here; a run&apos;s own page uses 1,000.{' '}
            <Link href={`${campaignUrl}#model-raters-heading`}>Back to the campaign</Link>
          </>
        }
      />
      {!question ? (
        <EmptyState title="Nothing to compare">
          <p>The campaign asks only free-text questions.</p>
        </EmptyState>
      ) : (
        <>
          <form
            method="get"
            className="row"
            aria-label="What to compare"
            style={{ alignItems: 'flex-end', marginBottom: '1rem' }}
          >
            <Field label="Question">
              <select name="question" defaultValue={question.key}>
                {questions.map((q) => (
                  <option key={q.key} value={q.key}>
                    {q.label} ({q.key})
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Alt-test ε">
              <select name="epsilon" defaultValue={String(search.epsilon)}>
                {EPSILON_CHOICES.filter((c) => c.value !== 'custom').map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label} ({c.hint})
                  </option>
                ))}
              </select>
            </Field>
            <div>
              <button type="submit">Compare</button>
            </div>
          </form>
          <Suspense key={`${question.key}:${search.epsilon}`} fallback={<LoadingBlock label="the runs' figures" />}>
            <ComparisonSection campaignId={campaign.id} slug={campaign.slug} question={question.key} epsilon={search.epsilon} />
          </Suspense>
        </>
      )}
    </>
  );
}
