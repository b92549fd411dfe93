import type { Metadata } from 'next';
import { availableParallelism } from 'node:os';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listMiningRuns } from '@/lib/db/mining/mining-run-views';
import { listAdminDumpUploads } from '@/lib/db/mining/dump-uploads';
import { listDumps } from '@/lib/services/mining/list-dumps';
import { uploadLimitBytes } from '@/lib/services/uploads/save-upload';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { MiningRunCard } from '@/components/mining/mining-run-card';
import { StartMiningForm } from '@/components/mining/start-mining-form';
import { DEMO_DUMP } from '@/lib/mining/demo-dump';

export const metadata: Metadata = { title: 'Mining' };
export const dynamic = 'force-dynamic';

export default async function MiningPage() {
  await requireArea('mining');
  const [runs, dumps] = await Promise.all([
    listMiningRuns(database(), 20),
    listAdminDumpUploads(database()).then((admins) => listDumps(admins)),
  ]);
  const demoDump = dumps.dumps.find((d) => d.name.split('/').at(-1) === DEMO_DUMP.fileName);
  return (
    <>
      <PageHeader
        title="Mining"
        description="Caption pairs mined from Wikipedia dumps: every run with the funnel of paper Table 3 (Gohsen et al., EACL 2023) and the paper's own figures beside it."
      />
      <section className="card stack" aria-label="Start a mining run">
        <h2 style={{ margin: 0 }}>Start a mining run</h2>
        {dumps.configured && !dumps.exists ? (
          <p className="alert error">
            The dumps folder <code>{dumps.dir}</code> (PARALENS_DUMPS_DIR) does not exist or is not a folder. Create it, or point
            PARALENS_DUMPS_DIR elsewhere and restart Paralens.
          </p>
        ) : (
          <>
            <p className="small muted" style={{ margin: 0 }}>
              Dumps in <code>{dumps.dir}</code>
              {dumps.configured ? '' : ' (the default folder; PARALENS_DUMPS_DIR names another)'}: put Wikipedia dumps there (for
              example <code>enwiki-…-pages-articles-multistream.xml.bz2</code> and its index) or upload one below. The run reads
              the dump, keeps the captions and alt texts of images used on at least two articles, applies the paper&apos;s filters
              and imports the pairs into the corpus with every measure. It runs in the background; a cancelled run continues where
              it stopped when resumed. Uploaded dumps are kept in the folder&apos;s <code>uploads</code> folder. From the command
              line: <code>npx paralens mine &lt;dump.xml.bz2&gt; --corpus &lt;name&gt;</code> (docs/mining.md).
            </p>
            {demoDump && (
              <p className="small" data-testid="demo-dump">
                <strong>To try it:</strong> <code>{demoDump.name}</code> ({DEMO_DUMP.yields}). {DEMO_DUMP.attribution}{' '}
                <a href={DEMO_DUMP.licenceUrl}>The licence</a>.
              </p>
            )}
            <StartMiningForm
              dumps={dumps.dumps}
              cores={availableParallelism()}
              uploadLimitMb={Math.round(uploadLimitBytes() / 1024 / 1024)}
            />
          </>
        )}
      </section>
      {runs.length === 0 ? (
        <EmptyState title="No mining runs yet">
          <p>
            Runs started here or with <code>npx paralens mine</code> appear here with their progress and funnel.
          </p>
        </EmptyState>
      ) : (
        runs.map((run) => <MiningRunCard key={run.id} run={run} />)
      )}
    </>
  );
}
