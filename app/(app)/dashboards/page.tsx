import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listCorpusComparison } from '@/lib/db/dashboards/corpus-comparison';
import { measureKeys, measureList } from '@/lib/measures/catalog';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { CorpusComparisonTable } from '@/components/corpora/corpus-comparison-table';
import { DashboardTabs, topTabs } from '@/components/dashboards/dashboard-tabs';

export const metadata: Metadata = { title: 'Dashboards' };

const searchSchema = z.object({ st: z.enum(['all', 'above08']).catch('all'), columns: z.enum(['paper', 'all']).catch('paper') });
/** Table 7's measures with syn and sem beside them; the thesis's measures on request. */
const paperColumns = measureList.filter((m) => m.group !== 'thesis').map((m) => m.key);

export default async function DashboardsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireArea('dashboards');
  const { st, columns } = searchSchema.parse(await searchParams);
  const rows = await listCorpusComparison(database(), { onlyStAbove08: st === 'above08' });
  const href = (next: { st?: string; columns?: string }) => `/dashboards?st=${next.st ?? st}&columns=${next.columns ?? columns}`;
  return (
    <>
      <PageHeader
        title="Corpus comparison"
        description="Per corpus: pairs, share with ST > 0.8, length in words and the mean ± sd of every measure, as in Table 7 of the EACL 2023 paper."
        actions={
          <nav className="row small" aria-label="Pair filter">
            <Link href={href({ st: 'all' })} aria-current={st === 'all' ? 'page' : undefined}>
              All pairs
            </Link>
            <Link href={href({ st: 'above08' })} aria-current={st === 'above08' ? 'page' : undefined}>
              Only ST &gt; 0.8
            </Link>
            <Link href={href({ columns: columns === 'all' ? 'paper' : 'all' })}>
              {columns === 'all' ? 'Paper measures only' : 'Thesis measures too'}
            </Link>
          </nav>
        }
      />
      <DashboardTabs current="/dashboards" links={topTabs} />
      {rows.length === 0 ? (
        <EmptyState title="Nothing to compare yet">
          <p>Import a corpus to see its measures here.</p>
        </EmptyState>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <CorpusComparisonTable rows={rows} columns={columns === 'all' ? measureKeys : paperColumns} />
        </div>
      )}
    </>
  );
}
