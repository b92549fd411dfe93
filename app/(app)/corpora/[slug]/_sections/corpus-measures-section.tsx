import { database } from '@/lib/db/database';
import { getCorpusStats } from '@/lib/db/corpora/corpus-stats';
import { listPairs } from '@/lib/db/pairs/pairs';
import { MeasureSummaryTable } from '@/components/corpora/measure-summary-table';
import { PairPreviewTable } from '@/components/corpora/pair-preview-table';
import { languageName } from '@/lib/naming/language';
import { describeMeasureTokenizer, languageOfTokenizer } from '@/lib/measures/language-tokenize';

/** Streams in after the page's access and existence checks have decided the status code. */
export async function CorpusMeasuresSection({
  corpusId,
  language,
  measureTokenizer,
}: {
  corpusId: number;
  language: string;
  measureTokenizer: string | null;
}) {
  const measuredFor = measureTokenizer ? languageOfTokenizer(measureTokenizer) : language;
  const db = database();
  const [stats, pairs] = await Promise.all([getCorpusStats(db, corpusId), listPairs(db, corpusId, { limit: 25, offset: 0 })]);
  return (
    <>
      <h2>Measures</h2>
      {measureTokenizer && (
        <p className="small muted" data-testid="measure-tokenizer">
          Tokenizer: <code>{measureTokenizer}</code>, {describeMeasureTokenizer(measureTokenizer)}.
          {measuredFor !== language &&
            ` The measures are for ${languageName(measuredFor)}, the language of the corpus's first import: later pairs keep that tokenizer, so all are measured alike; import into a new corpus to measure them as ${languageName(language)}.`}
        </p>
      )}
      <MeasureSummaryTable stats={stats} language={measuredFor} />
      <h2>First pairs</h2>
      <PairPreviewTable pairs={pairs} />
    </>
  );
}
