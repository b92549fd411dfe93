import { database } from '@/lib/db/database';
import { getCorpusTotals } from '@/lib/db/corpora/corpus-summary';
import { listScoringJobs } from '@/lib/db/jobs/scoring-jobs';
import { getCorpusSemMeasures } from '@/lib/db/corpora/semantic-set';
import { isEnglishOnlyMeasure, isFallbackSemantic, measureCatalog, semanticMeasureKeys } from '@/lib/measures/catalog';
import { getCorpusMeasureLanguage } from '@/lib/db/corpora/corpora';
import { languageName } from '@/lib/naming/language';
import { describeSemanticAxis } from '@/lib/measures/semantic-axis';
import { describeMissing, inspectModel, inspectStModel, MODEL_MEASURES, type ModelMeasure } from '@/lib/models/model-folder';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import { describeGloveMissing, GLOVE_MEASURES, inspectGlove } from '@/lib/models/glove-vectors';
import { SemanticMeasuresTable } from '@/components/scoring/semantic-measures-table';
import { SemanticSetForm } from '@/components/scoring/semantic-set-form';
import { StartScoringForm } from '@/components/scoring/start-scoring-form';
import { ScoringJobList } from '@/components/scoring/scoring-job-list';
import { MissingMeasuresNotice } from '@/components/scoring/missing-measures-notice';
import { describeCorpusCompletion, reasonToWait } from '@/lib/services/scoring/complete-measures';
import { describeMissingMeasures } from '@/lib/measures/measure-completion';

const isModelMeasure = (key: string): key is ModelMeasure => (MODEL_MEASURES as readonly string[]).includes(key);
const isGloveKey = (key: string) => (GLOVE_MEASURES as readonly string[]).includes(key);

/** Semantic measures of a corpus: counts, the semantic axis and its set, scoring jobs (streams in after the page's checks). */
export async function CorpusSemanticSection({ corpusId, slug }: { corpusId: number; slug: string }) {
  const db = database();
  const modelsDir = resolveModelsDir();
  const [totals, set, jobs, language, completion] = await Promise.all([
    getCorpusTotals(db, corpusId),
    getCorpusSemMeasures(db, corpusId),
    listScoringJobs(db, corpusId),
    getCorpusMeasureLanguage(db, corpusId),
    describeCorpusCompletion(db, corpusId, modelsDir),
  ]);
  const english = language === 'en';
  const glove = inspectGlove(modelsDir);
  const counts = Object.fromEntries(semanticMeasureKeys.map((k) => [k, totals.sums.all.measures[k]?.n ?? 0]));
  const axis = describeSemanticAxis(set, counts, totals.sums.all.measures.sem?.n ?? 0);
  const rows = semanticMeasureKeys.map((key) => {
    const base = {
      key,
      label: measureCatalog[key].label,
      description: measureCatalog[key].description,
      pairs: counts[key] ?? 0,
      inSet: set.includes(key),
      fallback: isFallbackSemantic(key),
    };
    // WordNet and GloVe are English: a corpus in another language never gets them (docs/metrics.md#tokenizers).
    if (!english && isEnglishOnlyMeasure(key))
      return { ...base, source: `English only: not computed for a corpus in ${languageName(language)}`, ready: false };
    const status =
      key === 'st'
        ? inspectStModel(modelsDir, language)
        : isModelMeasure(key)
          ? inspectModel(modelsDir, key)
          : isGloveKey(key)
            ? { ...glove, describe: () => describeGloveMissing(glove) }
            : null;
    const source = !status
      ? 'WordNet 3.1 (built in, no model needed)'
      : status.ready
        ? isGloveKey(key)
          ? `GloVe vectors in ${status.folder}`
          : `model files in ${status.folder}`
        : `no model: ${'describe' in status ? status.describe() : describeMissing(status)}${key === 'st' && !english ? ' (`paralens models pull st-multilingual`)' : ''}`;
    return { ...base, source, ready: !status || status.ready };
  });
  return (
    <>
      <h2>Semantic measures</h2>
      <p>
        Semantic axis (sem and Δsem,syn): <strong data-testid="semantic-axis">{axis.label}</strong>.
        {axis.fallback &&
          ` ${axis.measures
            .filter(isFallbackSemantic)
            .map((k) => measureCatalog[k].label)
            .join(
              ', ',
            )} ${axis.measures.filter(isFallbackSemantic).length === 1 ? 'is' : 'are'} not among the paper’s measures: compare these values with care.`}
      </p>
      {english && glove.ready && GLOVE_MEASURES.some((k) => (counts[k] ?? 0) < totals.pairs) && (
        <p data-testid="glove-offer">
          The GloVe vectors are installed: WMS (GloVe) and GloVe cosine can be computed for this corpus’s pairs that lack them
          with “Compute missing measures” below.
        </p>
      )}
      <SemanticMeasuresTable rows={rows} totalPairs={totals.pairs} />
      {completion && (
        <MissingMeasuresNotice
          slug={slug}
          facts={{
            missing: describeMissingMeasures(completion.missing),
            pairs: completion.pairs,
            expected: completion.expected.map((m) => measureCatalog[m.measure].label),
            waitingFor: reasonToWait(completion),
            hasActiveJob: completion.hasActiveJob,
          }}
        />
      )}
      <SemanticSetForm
        slug={slug}
        current={set}
        options={semanticMeasureKeys.map((k) => ({ key: k, label: measureCatalog[k].label, fallback: isFallbackSemantic(k) }))}
      />
      <StartScoringForm
        slug={slug}
        measures={rows.map((r) => ({ key: r.key, label: r.label, ready: r.ready, note: r.ready ? null : r.source }))}
      />
      <ScoringJobList
        jobs={jobs.map((j) => ({
          id: j.id,
          measures: j.measures,
          status: j.status,
          pairsDone: j.pairsDone,
          pairsTotal: j.pairsTotal,
          textsEmbedded: j.textsEmbedded,
          message: j.message,
          skipped: j.skipped,
          createdAt: j.createdAt.toISOString(),
          createdBy: j.createdBy,
        }))}
      />
    </>
  );
}
