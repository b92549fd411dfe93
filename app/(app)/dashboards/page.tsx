import type { Metadata } from 'next';
import Link from 'next/link';
import { z } from 'zod';
import { requireArea } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { listCorpusComparison } from '@/lib/db/corpus-comparison';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { CorpusComparisonTable } from '@/components/corpora/corpus-comparison-table';

export const metadata: Metadata = { title: 'Dashboards' };

const searchSchema = z.object({ st: z.enum(['all', 'above08']).catch('all') });

export default async function DashboardsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireArea('dashboards');
  const { st } = searchSchema.parse(await searchParams);
  const rows = await listCorpusComparison(getDb(), { onlyStAbove08: st === 'above08' });
  return (
    <>
      <PageHeader
        title="Corpus comparison"
        description="Means (and standard deviations) of each measure per corpus, as in Table 7 of the EACL 2023 paper."
        actions={
          <nav className="row small" aria-label="Pair filter">
            <Link href="/dashboards?st=all" aria-current={st === 'all' ? 'page' : undefined}>
              All pairs
            </Link>
            <Link href="/dashboards?st=above08" aria-current={st === 'above08' ? 'page' : undefined}>
              Only ST &gt; 0.8
            </Link>
          </nav>
        }
      />
      {rows.length === 0 ? (
        <EmptyState title="Nothing to compare yet">
          <p>Import a corpus to see its measures here.</p>
        </EmptyState>
      ) : (
        <CorpusComparisonTable rows={rows} />
      )}
    </>
  );
}
