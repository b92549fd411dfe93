import { database } from '@/lib/db/database';
import { listUserMeasures } from '@/lib/db/corpora/user-measures';
import { ScoresFileForm } from '@/components/corpora/scores-file-form';
import { UserMeasureTable } from '@/components/corpora/user-measure-table';

/** A model's scores brought as measures of the corpus: the list and the upload form (streams in after the page's checks). */
export async function CorpusUserMeasuresSection({ corpusId, slug }: { corpusId: number; slug: string }) {
  const measures = await listUserMeasures(database(), corpusId);
  return (
    <>
      <h2>Your measures</h2>
      <p>
        Scores a model of yours gave these pairs, stored under your names beside the built-in measures: columns, filters and
        sorting in the explorer (<code>u.NAME</code>), exports, correlations, the threshold analysis, and maps when marked as an
        axis. The command line does the same with <code>paralens import-scores</code>.
      </p>
      {measures.length > 0 ? (
        <UserMeasureTable
          slug={slug}
          measures={measures.map((m) => ({
            name: m.name,
            description: m.description,
            source: m.source,
            axis: m.axis,
            n: m.n,
            createdAt: m.createdAt.toISOString(),
            createdBy: m.createdBy,
          }))}
        />
      ) : (
        <p className="muted">No measures of your own yet.</p>
      )}
      <h3>Import a model&apos;s scores</h3>
      <ScoresFileForm slug={slug} />
    </>
  );
}
