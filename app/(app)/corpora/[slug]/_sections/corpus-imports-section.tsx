import { database } from '@/lib/db/database';
import { listImportJobs } from '@/lib/db/imports/import-job-views';
import { ImportJobList } from '@/components/imports/import-job-list';
import { inWebWords } from '@/lib/import/web-words';

export async function CorpusImportsSection({ corpusId }: { corpusId: number }) {
  const jobs = await listImportJobs(database(), corpusId);
  return (
    <>
      <h2>Imports</h2>
      <ImportJobList
        jobs={jobs.map((j) => ({
          ...j,
          // the job wrote its messages for the command line too: here they name the page's controls
          message: j.message === null ? null : inWebWords(j.message),
          errors: j.errors.map((e) => ({ ...e, message: inWebWords(e.message) })),
          createdAt: j.createdAt.toISOString(),
          confirmedAt: j.confirmedAt?.toISOString() ?? null,
          startedAt: j.startedAt?.toISOString() ?? null,
          finishedAt: j.finishedAt?.toISOString() ?? null,
        }))}
      />
    </>
  );
}
