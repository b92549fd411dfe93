/**
 * Corpora that heal: a corpus whose scoring stopped part-way (a job that failed, a version whose
 * job hit a limit) keeps pairs without a measure it should have (lib/measures/measure-completion.ts:
 * its semantic set, as far as this installation computes it for the corpus's language). The corpus
 * page shows how many pairs lack each and offers a button; every start-up queues a scoring job for
 * exactly the missing measures of each corpus that lacks some, unless the corpus is archived, has a
 * scoring job waiting or running, or its last job was cancelled (someone chose to stop it: the
 * button still completes it). The job fills in only the pairs without a value, refreshes the summary
 * (its map) and warms the distributions like any scoring job (lib/jobs/scoring-queue.ts).
 */
import type { Db } from '@/lib/db/client';
import { listCompletionFacts, type CompletionFacts } from '@/lib/db/corpora/measure-completion';
import { queueScoringJob } from '@/lib/db/jobs/scoring-jobs';
import { describeMissingMeasures, expectedMeasures, type ExpectedMeasure } from '@/lib/measures/measure-completion';
import { availableMeasures } from '@/lib/models/text-scorers';
import { usableFilesFolderId } from '@/lib/runtime/files-folder-status';

export interface CorpusCompletion extends CompletionFacts {
  /** the measures the corpus should have, with the pairs lacking each */
  expected: ExpectedMeasure[];
  /** those lacking on some pairs */
  missing: ExpectedMeasure[];
}

function completionsOf(facts: CompletionFacts[], modelsDir: string): CorpusCompletion[] {
  const computable = new Map<string, string[]>();
  return facts.map((f) => {
    if (!computable.has(f.measureLanguage)) computable.set(f.measureLanguage, availableMeasures(modelsDir, f.measureLanguage));
    const expected = expectedMeasures({
      semSet: f.semMeasures,
      computable: computable.get(f.measureLanguage)!,
      pairs: f.pairs,
      withValue: f.withValue,
    });
    return { ...f, expected, missing: expected.filter((m) => m.missing > 0) };
  });
}

export async function describeCorpusCompletion(db: Db, corpusId: number, modelsDir: string): Promise<CorpusCompletion | null> {
  return completionsOf(await listCompletionFacts(db, corpusId), modelsDir)[0] ?? null;
}

/** Queues a scoring job for the corpus's missing measures (the corpus page's button); null when none is missing. */
export async function queueCorpusCompletion(
  db: Db,
  corpusId: number,
  createdById: number | null,
  modelsDir: string,
): Promise<{ jobId: number; missing: ExpectedMeasure[] } | null> {
  const completion = await describeCorpusCompletion(db, corpusId, modelsDir);
  if (!completion || completion.missing.length === 0) return null;
  const jobId = await queueScoringJob(db, {
    corpusId,
    createdById,
    measures: completion.missing.map((m) => m.measure),
    filesFolderId: await usableFilesFolderId(db),
  });
  return { jobId, missing: completion.missing };
}

/** Why the start-up leaves a corpus that lacks measures alone, or null when it completes it. */
export function reasonToWait(c: CorpusCompletion): string | null {
  if (c.archived) return 'the corpus is archived';
  if (c.hasActiveJob) return 'a scoring job is waiting or running';
  if (c.lastJobStatus === 'CANCELLED') return 'its last scoring job was cancelled';
  return null;
}

/** At start-up: a scoring job for each corpus that lacks measures it should have; one line each for the log. */
export async function completeCorporaAtStartup(db: Db, modelsDir: string): Promise<string[]> {
  const lines: string[] = [];
  const filesFolderId = await usableFilesFolderId(db);
  for (const c of completionsOf(await listCompletionFacts(db), modelsDir)) {
    if (c.missing.length === 0 || reasonToWait(c)) continue;
    const measures = c.missing.map((m) => m.measure);
    const jobId = await queueScoringJob(db, {
      corpusId: c.id,
      createdById: null,
      measures,
      filesFolderId,
    });
    lines.push(`Completing “${c.name}”: ${describeMissingMeasures(c.missing)} (scoring job #${jobId}).`);
  }
  return lines;
}
