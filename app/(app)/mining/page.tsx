import type { Metadata } from 'next';
import { requireArea } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { listMiningRuns } from '@/lib/db/mining-runs';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { MiningRunCard } from '@/components/mining/mining-run-card';

export const metadata: Metadata = { title: 'Mining' };
export const dynamic = 'force-dynamic';

export default async function MiningPage() {
  await requireArea('mining');
  const runs = await listMiningRuns(getDb(), 20);
  return (
    <>
      <PageHeader
        title="Mining"
        description="Caption pairs mined from Wikipedia dumps: every run with the funnel of paper Table 3 (Gohsen et al., EACL 2023) and the paper's own figures beside it."
      />
      {runs.length === 0 ? (
        <EmptyState title="No mining runs yet">
          <p>
            Mine a dump from the command line with <code>npx paralens mine &lt;dump.xml.bz2&gt; --corpus &lt;name&gt;</code> (see docs/mining.md); its progress and funnel
            appear here.
          </p>
        </EmptyState>
      ) : (
        runs.map((run) => <MiningRunCard key={run.id} run={run} />)
      )}
    </>
  );
}
