import type { Metadata } from 'next';
import { requireUser } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listCorporaWithCounts } from '@/lib/db/corpora/corpora';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState } from '@/components/ui/empty-state';

export const metadata: Metadata = { title: 'About & data sources' };

export default async function AboutPage() {
  await requireUser();
  const corpora = await listCorporaWithCounts(database());
  return (
    <>
      <PageHeader
        title="About & data sources"
        description="Paralens loads, annotates and explains paraphrase candidates mined from image captions and reference corpora."
      />
      <p>
        Measures follow Gohsen, Hagen, Potthast and Stein (2023), <em>Paraphrase Acquisition from Image Captions</em>, EACL:
        ROUGE-1, ROUGE-L and BLEU (syntactic), WMS, BERTScore and Sentence-Transformer cosine (semantic), and Δ<sub>sem,syn</sub>.
      </p>
      <h2>Corpora in this installation</h2>
      {corpora.length === 0 ? (
        <EmptyState title="No corpora yet" />
      ) : (
        <table className="data" aria-label="Data sources">
          <thead>
            <tr>
              <th>Corpus</th>
              <th>Source</th>
              <th>Licence</th>
              <th>Attribution</th>
            </tr>
          </thead>
          <tbody>
            {corpora.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td className="small">{c.source ?? '–'}</td>
                <td className="small">{c.licence ?? '–'}</td>
                <td className="small">{c.attribution ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
