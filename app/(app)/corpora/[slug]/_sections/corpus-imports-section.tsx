import { getDb } from '@/lib/db/client';
import { listImportJobs } from '@/lib/db/import-jobs';
import { ImportJobList } from '@/components/imports/import-job-list';

export async function CorpusImportsSection({ corpusId }: { corpusId: number }) {
  const jobs = await listImportJobs(getDb(), corpusId);
  return (
    <>
      <h2>Imports</h2>
      <ImportJobList
        jobs={jobs.map((j) => ({
          ...j,
          createdAt: j.createdAt.toISOString(),
          confirmedAt: j.confirmedAt?.toISOString() ?? null,
          startedAt: j.startedAt?.toISOString() ?? null,
          finishedAt: j.finishedAt?.toISOString() ?? null,
        }))}
      />
    </>
  );
}
