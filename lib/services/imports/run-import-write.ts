/**
 * The last phases of an import (lib/services/imports/run-import.ts): write the pairs with the job's success and
 * the follow-up jobs in one transaction, and summarise (the message, the corpus language detected).
 */
import type { Db } from '@/lib/db/client';
import type { ImportOutcome } from '@/lib/db/imports/import-jobs';
import type { ImportWriteResult, PairImportSession } from '@/lib/db/imports/pair-import-session';
import type { ImportFunnelStep } from '@/lib/import/types';
import { recordMeasureTokenizerWith, setDetectedCorpusLanguage } from '@/lib/db/corpora/corpora';
import { measureTokenizerId } from '@/lib/measures/language-tokenize';
import { queueScoringJobWith } from '@/lib/db/jobs/scoring-jobs';
import { queueIndexJobWith } from '@/lib/db/jobs/index-jobs';
import type { Query } from '@/lib/db/corpora/corpus-summary';
import { measureCatalog, measuresForLanguage } from '@/lib/measures/catalog';
import { availableMeasures, type ComputedMeasure } from '@/lib/models/text-scorers';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import { usableFilesFolderId } from '@/lib/runtime/files-folder-status';
import type { RunImportOptions } from './run-import';
import type { ImportStream } from './run-import-open';

export function unchangedMessage(written: ImportWriteResult): string | null {
  return written.imported === 0 && written.duplicates > 0 ? 'unchanged: every pair was already in the corpus' : null;
}

/** What the import's report says about its follow-up scoring job. */
export function describeFollowUp(measures: readonly ComputedMeasure[]): string {
  const names = measures.map((m) => measureCatalog[m].label).join(', ');
  const why =
    measures.length === 1 && measures[0] === 'wordnet' ? ' (no paper model or GloVe vectors installed: `paralens models`)' : '';
  return `Semantic measures computed next, in a scoring job: ${names}${why}.`;
}

export interface Written {
  written: ImportWriteResult;
  funnel: ImportFunnelStep[] | null;
  tokenizer: string;
  scoringJobId: number | null;
  scoringMeasures: ComputedMeasure[];
}

/**
 * Commits the pairs with the job's success and, in the same transaction, the corpus's tokenizer, the
 * follow-up scoring job and the explorer's index job (docs/decisions/006) when pairs were added.
 */
export async function writeImport(
  options: RunImportOptions,
  session: PairImportSession,
  stream: ImportStream,
  outcome: Omit<ImportOutcome, 'status' | 'message'>,
  language: { measured: string | null; corpus: string },
): Promise<Written> {
  const tokenizer = measureTokenizerId(language.measured ?? language.corpus);
  // English-only measures (WordNet, GloVe) are left out for other languages.
  const followUpLanguage = language.measured ?? 'en';
  const scoringMeasures =
    options.followUpScoring === false
      ? []
      : options.followUpMeasures
        ? measuresForLanguage(options.followUpMeasures, followUpLanguage)
        : availableMeasures(resolveModelsDir(), followUpLanguage);
  let scoringJobId: number | null = null;
  // The follow-up scores with this instance's installed models: it runs where they are.
  const filesFolderId = scoringMeasures.length > 0 ? await usableFilesFolderId(options.db) : null;
  const queueFollowUp = async (query: Query, w: ImportWriteResult) => {
    if (w.imported === 0) return;
    await recordMeasureTokenizerWith(query, options.corpusId, tokenizer);
    if (scoringMeasures.length > 0)
      scoringJobId = await queueScoringJobWith(query, {
        corpusId: options.corpusId,
        createdById: options.createdById ?? null,
        measures: scoringMeasures,
        filesFolderId,
      });
    await queueIndexJobWith(query, options.corpusId);
  };
  // The stored outcome (the corpus page's import list) names the follow-up measures; the report
  // carries them in scoringMeasures, which the command line prints.
  const storedMessage = (w: ImportWriteResult) =>
    unchangedMessage(w) ?? (w.imported > 0 && scoringMeasures.length > 0 ? describeFollowUp(scoringMeasures) : null);
  const funnel = stream.funnel();
  const written = await session.commit(
    (w) => ({ ...outcome, imported: w.imported, duplicates: w.duplicates, message: storedMessage(w), funnel }),
    queueFollowUp,
  );
  return { written, funnel, tokenizer, scoringJobId, scoringMeasures };
}

/** The corpus language detected from its first import, stored when pairs were written (null otherwise). */
export async function summariseLanguage(
  db: Db,
  corpusId: number,
  guess: string | null,
  imported: number,
): Promise<string | null> {
  return guess && imported > 0 && (await setDetectedCorpusLanguage(db, corpusId, guess, imported)) ? guess : null;
}
