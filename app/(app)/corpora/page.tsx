import type { Metadata } from 'next';
import Link from 'next/link';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listCorporaWithCounts } from '@/lib/db/corpora/corpora';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { TierBadge } from '@/components/ui/tier-badge';
import { CreateCorpusForm } from '@/components/corpora/create-corpus-form';
import { ArchivedToggle, archivedBadge } from '@/components/tidy/archived-toggle';

export const metadata: Metadata = { title: 'Corpora' };

const formatCount = new Intl.NumberFormat('en');

export default async function CorporaPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireArea('corpora');
  const showArchived = (await searchParams).archived === 'include';
  const corpora = await listCorporaWithCounts(database(), { includeArchived: showArchived });
  return (
    <>
      <PageHeader
        title="Corpora"
        description="Mined caption pairs and reference corpora, with their similarity measures."
        actions={
          <>
            <ArchivedToggle path="/corpora" showing={showArchived} count={corpora.filter((c) => c.archivedAt).length} />
            <CreateCorpusForm />
          </>
        }
      />
      {corpora.length === 0 ? (
        <EmptyState title="No corpora yet">
          <p>
            Create a corpus with <strong>New corpus</strong> and upload a file on its page, or import from the command line with{' '}
            <code>npx paralens import &lt;file&gt; --corpus &lt;name&gt;</code>.
          </p>
        </EmptyState>
      ) : (
        <table className="data" aria-label="Corpora">
          <thead>
            <tr>
              <th>Name</th>
              <th>Tier</th>
              <th className="num">Pairs</th>
              <th>Source</th>
              <th>Licence</th>
            </tr>
          </thead>
          <tbody>
            {corpora.map((c) => (
              <tr key={c.id}>
                <td>
                  <Link href={`/corpora/${c.slug}`}>{c.name}</Link> {c.archivedAt && archivedBadge}
                  {c.description && <div className="small muted">{c.description}</div>}
                </td>
                <td>
                  <TierBadge tier={c.tier} />
                </td>
                <td className="num">{formatCount.format(c.pairCount)}</td>
                <td className="small">{c.source}</td>
                <td className="small">{c.licence}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
