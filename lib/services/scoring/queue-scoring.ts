/**
 * Scoring from the web app (lib/api/contracts/scoring.ts): queue a scoring job for chosen measures or
 * for exactly the measures a corpus lacks, cancel one, choose a corpus's semantic set. The corpus
 * comes from its slug or the job row, never from the client's say-so; each change is audited as
 * `actor`. The job supervisor runs the queued job (lib/jobs/scoring-queue.ts → run-scoring.ts).
 */
import { database } from '@/lib/db/database';
import { recordAudit } from '@/lib/db/accounts/audit';
import { getCorpusBySlug } from '@/lib/db/corpora/corpora';
import { setCorpusSemMeasures } from '@/lib/db/corpora/semantic-set';
import { getScoringJob, queueScoringJob, requestScoringCancel } from '@/lib/db/jobs/scoring-jobs';
import { AppError } from '@/lib/errors/app-error';
import { pruneOwners } from '@/lib/runtime/job-owner';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import { usableFilesFolderId } from '@/lib/runtime/files-folder-status';
import { queueCorpusCompletion } from './complete-measures';

/** Who asks: the signed-in user the job and the audit entry name. */
export interface ScoringActor {
  id: number;
}

async function corpusOf(slug: string) {
  const corpus = await getCorpusBySlug(database(), slug);
  if (!corpus) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
  return corpus;
}

export async function startScoring(actor: ScoringActor, slug: string, measures: string[]): Promise<{ jobId: number }> {
  const db = database();
  const corpus = await corpusOf(slug);
  const filesFolderId = await usableFilesFolderId(db);
  const jobId = await queueScoringJob(db, { corpusId: corpus.id, createdById: actor.id, measures, filesFolderId });
  await recordAudit(db, {
    actorId: actor.id,
    action: 'scoring.start',
    targetType: 'corpus',
    targetId: corpus.id,
    details: { jobId, measures },
  });
  return { jobId };
}

export async function completeMeasures(actor: ScoringActor, slug: string) {
  const db = database();
  const corpus = await corpusOf(slug);
  const queued = await queueCorpusCompletion(db, corpus.id, actor.id, resolveModelsDir());
  if (!queued) throw new AppError('CONFLICT', 'Every pair already has the measures this corpus should have.');
  const measures = queued.missing.map((m) => m.measure);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'scoring.start',
    targetType: 'corpus',
    targetId: corpus.id,
    details: { jobId: queued.jobId, measures, completes: true },
  });
  return { jobId: queued.jobId, measures };
}

export async function cancelScoring(actor: ScoringActor, jobId: number) {
  const db = database();
  if (!(await getScoringJob(db, jobId))) throw new AppError('NOT_FOUND', 'That scoring job does not exist.');
  await pruneOwners(db); // a job whose process is gone ends at once
  const result = await requestScoringCancel(db, jobId);
  if (result === 'ended') throw new AppError('CONFLICT', 'This scoring job has already ended.');
  await recordAudit(db, {
    actorId: actor.id,
    action: 'scoring.cancel',
    targetType: 'scoring',
    targetId: jobId,
    details: { result },
  });
  return { jobId, result };
}

export async function setSemMeasures(actor: ScoringActor, slug: string, measures: string[]): Promise<{ recomputed: number }> {
  const db = database();
  const corpus = await corpusOf(slug);
  const recomputed = await setCorpusSemMeasures(db, corpus.id, measures);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'corpus.sem-measures',
    targetType: 'corpus',
    targetId: corpus.id,
    details: { measures },
  });
  return { recomputed };
}
