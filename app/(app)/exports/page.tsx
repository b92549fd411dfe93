import type { Metadata } from 'next';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listOwnExportJobs } from '@/lib/db/exports/export-jobs';
import { listExportScopes } from '@/lib/db/exports/export-sources';
import { viewHasCampaign } from '@/lib/db/exports/export-view-source';
import { PageHeader } from '@/components/ui/page-header';
import { ExportForm } from '@/components/export/export-form';
import { ExportJobList } from '@/components/export/export-job-list';

export const metadata: Metadata = { title: 'Exports' };
export const dynamic = 'force-dynamic';

/**
 * `?view=<query>`: the explorer's "Export this view" (its filters and sort, as the read API takes them);
 * `?corpus=<slug>` or `?campaign=<slug>`: the form opens on that corpus or campaign (their pages link here).
 */
export default async function ExportsPage({
  searchParams,
}: {
  searchParams: Promise<{ view?: string | string[]; corpus?: string | string[]; campaign?: string | string[] }>;
}) {
  const user = await requireArea('explore');
  const { view, corpus, campaign } = await searchParams;
  const db = database();
  const [choices, jobs] = await Promise.all([listExportScopes(db), listOwnExportJobs(db, user.id)]);
  return (
    <>
      <PageHeader
        title="Exports"
        description="Corpora, campaigns and explorer views as CSV, JSON Lines or a Hugging Face dataset. Exports run in the background; each file stays here for you to download. Only you see your exports."
      />
      <ExportForm
        choices={choices}
        view={typeof view === 'string' ? view : null}
        viewHasCampaign={typeof view === 'string' && viewHasCampaign(view)}
        initial={
          typeof campaign === 'string' && choices.campaigns.some((c) => c.slug === campaign)
            ? { scope: 'campaign', slug: campaign }
            : typeof corpus === 'string' && choices.corpora.some((c) => c.slug === corpus)
              ? { scope: 'corpus', slug: corpus }
              : null
        }
      />
      <h2>Your exports</h2>
      <ExportJobList
        jobs={jobs.map(
          ({
            filePath,
            createdAt,
            options: _options,
            createdById: _by,
            updatedAt: _u,
            startedAt: _s,
            finishedAt: _f,
            rowsTotal: _t,
            ...job
          }) => ({
            ...job,
            createdAt: createdAt.toISOString(),
            downloadable: filePath !== null && job.status === 'SUCCEEDED',
          }),
        )}
      />
    </>
  );
}
