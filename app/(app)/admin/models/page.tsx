import type { Metadata } from 'next';
import Link from 'next/link';
import { requireArea } from '@/lib/auth/guards';
import { database } from '@/lib/db/database';
import { listCorporaWithCounts } from '@/lib/db/corpora/corpora';
import { getCorpusTotals } from '@/lib/db/corpora/corpus-summary';
import { gloveStatus } from '@/lib/services/models/load-model-status';
import { inspectModelFolder } from '@/lib/models/model-folder';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import { PageHeader } from '@/components/ui/page-header';
import { GloveInstallPanel } from '@/components/models/glove-install-panel';
import { GloveScoringCell, type GloveJob } from '@/components/models/glove-scoring-cell';
import { listScoringJobs } from '@/lib/db/jobs/scoring-jobs';
import { GLOVE_MEASURES } from '@/lib/models/glove-vectors';

export const metadata: Metadata = { title: 'Models' };

/**
 * The corpora, how many of their pairs have each GloVe measure (from the stored summaries), and each
 * corpus's latest scoring job of the GloVe measures (its row follows it live).
 */
async function gloveCoverage() {
  const db = database();
  const corpora = await listCorporaWithCounts(db);
  return Promise.all(
    corpora.map(async (c) => {
      const [totals, jobs] = await Promise.all([getCorpusTotals(db, c.id), listScoringJobs(db, c.id, 5)]);
      const m = totals.sums.all.measures;
      const glove = jobs.find((j) => j.measures.some((k) => (GLOVE_MEASURES as readonly string[]).includes(k)));
      const latest: GloveJob | null = glove
        ? { id: glove.id, status: glove.status, pairsDone: glove.pairsDone, pairsTotal: glove.pairsTotal, message: glove.message }
        : null;
      return {
        slug: c.slug,
        name: c.name,
        pairs: c.pairCount,
        wmsGlove: m.wmsGlove?.n ?? 0,
        gloveCosine: m.gloveCosine?.n ?? 0,
        latest,
      };
    }),
  );
}

export default async function ModelsPage() {
  await requireArea('admin');
  const modelsDir = resolveModelsDir();
  const [glove, coverage] = await Promise.all([gloveStatus(database()), gloveCoverage()]);
  const paper = inspectModelFolder(modelsDir);
  return (
    <>
      <PageHeader
        title="Models"
        description={
          <>
            The semantic models in the model folder ({modelsDir}). Nothing is downloaded until you ask for it here or with{' '}
            <code>npx paralens models</code>.
          </>
        }
      />
      <section className="card stack" aria-label="GloVe word vectors">
        <h2>GloVe word vectors: WMS (GloVe) and GloVe cosine</h2>
        {/* a new key when the job's state changes, so the refreshed page's state replaces the panel's own */}
        <GloveInstallPanel key={glove.job ? `${glove.job.id}-${glove.job.status}` : 'none'} status={glove} />
      </section>
      {glove.installed && (
        <section className="card stack" aria-label="Score the corpora">
          <h2>Score the corpora</h2>
          <p>
            WMS (GloVe) and GloVe cosine can now be computed for every corpus; imports compute them from now on. They form a
            corpus’s semantic axis wherever the paper’s measures are missing.
          </p>
          <table className="data" aria-label="GloVe measures per corpus">
            <thead>
              <tr>
                <th>Corpus</th>
                <th className="num">Pairs</th>
                <th className="num">WMS (GloVe)</th>
                <th className="num">GloVe cosine</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {coverage.map((c) => (
                <tr key={c.slug}>
                  <td>
                    <Link href={`/corpora/${c.slug}`}>{c.name}</Link>
                  </td>
                  <td className="num">{c.pairs.toLocaleString('en')}</td>
                  <td className="num">{c.wmsGlove.toLocaleString('en')}</td>
                  <td className="num">{c.gloveCosine.toLocaleString('en')}</td>
                  <td>
                    <GloveScoringCell
                      slug={c.slug}
                      name={c.name}
                      complete={c.wmsGlove >= c.pairs && c.gloveCosine >= c.pairs}
                      latest={c.latest}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section className="card stack" aria-label="The paper's models">
        <h2>The paper’s models</h2>
        <p className="small muted">
          Downloaded from the Hugging Face Hub and fastText’s site with <code>npx paralens models pull st|bertscore|wms|all</code>{' '}
          on the server (several GB), or put there by hand: README, “Semantic models”.
        </p>
        <table className="data" aria-label="The paper's models">
          <thead>
            <tr>
              <th>Measure</th>
              <th>From</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {paper.map((s) => (
              <tr key={s.measure}>
                <td>{s.title}</td>
                <td className="small">{s.reproduces}</td>
                <td>
                  {s.ready ? (
                    'ready'
                  ) : (
                    <span className="muted">
                      not there: <code>npx paralens models pull {s.measure}</code>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
