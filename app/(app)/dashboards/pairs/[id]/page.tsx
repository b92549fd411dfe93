import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireArea } from '@/lib/auth/guards';
import { getDb } from '@/lib/db/client';
import { getPairForCaller } from '@/lib/db/pair-view';
import { measureList } from '@/lib/measures/catalog';
import { PageHeader } from '@/components/ui/page-header';
import { formatMeasure } from '@/components/corpora/format';
import { parseDbId } from '@/lib/api/db-numbers';

export const metadata: Metadata = { title: 'Pair' };

/** One pair behind a dashboard number: its texts and every measure (the explorer shows more). */
export default async function DashboardPairPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireArea('dashboards');
  const id = parseDbId((await params).id);
  const pair = id === null ? null : await getPairForCaller(getDb(), id, user);
  if (!pair) notFound();
  return (
    <>
      <PageHeader
        title={`Pair #${pair.id}`}
        description={
          <>
            <Link href={`/corpora/${pair.corpus.slug}`}>{pair.corpus.name}</Link>
            {pair.referenceLabel != null && ` · source label ${pair.referenceLabel}`}
            {pair.originalId != null && ` · source id ${pair.originalId}`}
          </>
        }
      />
      <section className="card stack" aria-label="Texts">
        <p>
          <strong>A</strong> {pair.a.content}
        </p>
        <p>
          <strong>B</strong> {pair.b.content}
        </p>
      </section>
      <table className="data" aria-label="Measures">
        <tbody>
          {measureList.map((m) => (
            <tr key={m.key}>
              <th>{m.label}</th>
              <td className="num">{formatMeasure(pair.measures?.[m.key] ?? null)}</td>
              <td className="small muted">{m.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
