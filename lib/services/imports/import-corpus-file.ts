/**
 * Importing a file into a corpus named by the command line (`paralens import FILE --corpus REF`): an
 * existing corpus by its slug or name, otherwise a new corpus of that name, its tier from the import's
 * tier or the file's name; a language given is the corpus's (set on an existing corpus too). The file
 * is imported with runImport, and an import that fails or is cancelled leaves nothing it created: the
 * corpus made for it is deleted again (unless the database cannot be reached, which the result says).
 */
import path from 'node:path';
import type { Database } from '@/lib/db/database';
import { deleteCorpus, ensureCorpus, findCorpusByRef, setCorpusLanguage } from '@/lib/db/corpora/corpora';
import { isConnectionLost } from '@/lib/errors/failure-causes';
import { detectTier } from '@/lib/import/tier';
import { runImport, type ImportProgress, type ImportReport, type RunImportOptions } from './run-import';

export interface CorpusFileImport {
  /** an existing corpus by its slug or name; otherwise the name of a new corpus */
  corpus: string;
  /** a new corpus's description; an existing corpus keeps its own */
  about: { source: string | null; licence: string | null; attribution: string | null; description: string | null };
  /** the tier asked for (a new corpus's tier, else the one the file's name gives); the import reads it too */
  tier?: string | undefined;
  /** the corpus's language (set on an existing corpus too); qa-assessed: whose rules apply */
  language?: string | undefined;
  /** the rest of the import: the file, format, mapping, limits, rejects, cancel (runImport's options) */
  import: Omit<RunImportOptions, 'db' | 'corpusId' | 'onProgress' | 'tier' | 'language'>;
}

/** What happens, in order, for a caller that shows it as it comes. */
export type CorpusFileImportEvent =
  /** the corpus is found or created; the import starts next */
  | { type: 'corpus'; name: string; created: boolean }
  | { type: 'progress'; progress: ImportProgress }
  /** the import ended; a corpus created for a failed one is removed after this */
  | { type: 'imported'; corpusName: string; report: ImportReport };

export interface CorpusFileImportResult {
  corpus: { id: number; name: string; slug: string; created: boolean };
  report: ImportReport;
  /** the import failed or was cancelled: nothing of it was kept */
  failed: boolean;
  /** the corpus created for a failed import: removed (true) or left empty, the database gone (false); else null */
  removed: boolean | null;
}

async function openCorpus(db: Database, request: CorpusFileImport) {
  const { language } = request;
  const tier = request.tier ?? detectTier(path.basename(request.import.filePath));
  const found = await findCorpusByRef(db, request.corpus);
  const corpus = found
    ? { ...found, created: false }
    : await ensureCorpus(db, {
        name: request.corpus,
        tier: tier ? (tier.toUpperCase() as 'GOLD' | 'SILVER' | 'BRONZE') : 'NONE',
        ...request.about,
        ...(language ? { language } : {}),
      });
  if (!corpus.created && language) await setCorpusLanguage(db, corpus.id, language);
  return corpus;
}

/** Removes the corpus created for a failed import; false when the database could not be reached. */
async function removeCreatedCorpus(db: Database, corpusId: number): Promise<boolean> {
  return deleteCorpus(db, corpusId).then(
    () => true,
    (error: unknown) => {
      if (!isConnectionLost(error)) throw error;
      return false;
    },
  );
}

export async function importCorpusFile(
  db: Database,
  request: CorpusFileImport,
  onEvent?: (event: CorpusFileImportEvent) => void,
): Promise<CorpusFileImportResult> {
  const corpus = await openCorpus(db, request);
  onEvent?.({ type: 'corpus', name: corpus.name, created: corpus.created });
  const report = await runImport({
    ...request.import,
    db,
    corpusId: corpus.id,
    ...(request.tier ? { tier: request.tier } : {}),
    ...(request.language ? { language: request.language } : {}),
    ...(onEvent ? { onProgress: (progress: ImportProgress) => onEvent({ type: 'progress', progress }) } : {}),
  });
  onEvent?.({ type: 'imported', corpusName: corpus.name, report });
  const failed = report.status === 'FAILED' || report.status === 'CANCELLED';
  const removed = failed && corpus.created ? await removeCreatedCorpus(db, corpus.id) : null;
  const { id, name, slug, created } = corpus;
  return { corpus: { id, name, slug, created }, report, failed, removed };
}
