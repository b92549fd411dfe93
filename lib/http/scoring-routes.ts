/**
 * The handlers of the scoring routes (lib/api/contracts/scoring.ts). The corpus comes from its slug
 * or the job row, never from the client's say-so; each change is audited. The route files wrap
 * these with `apiRoute`.
 */
import type { ApiContract } from '@/lib/api/contract';
import type {
  cancelScoringContract,
  completeMeasuresContract,
  setSemMeasuresContract,
  startScoringContract,
} from '@/lib/api/contracts/scoring';
import { getDb } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { getCorpusBySlug } from '@/lib/db/corpora/corpora';
import { setCorpusSemMeasures } from '@/lib/db/corpora/semantic-set';
import { getScoringJob, queueScoringJob, requestScoringCancel } from '@/lib/db/jobs/scoring-jobs';
import { AppError } from '@/lib/errors/app-error';
import { pruneOwners } from '@/lib/runtime/job-owner';
import { queueCorpusCompletion } from '@/lib/services/scoring/complete-measures';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import type { ApiCall, ApiJson } from './api-core';

type Handler<C extends ApiContract> = (call: ApiCall<C>) => Promise<ApiJson>;

async function corpusOf(slug: string) {
  const corpus = await getCorpusBySlug(getDb(), slug);
  if (!corpus) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
  return corpus;
}

export const startScoring: Handler<typeof startScoringContract> = async ({ params, body: { measures }, user }) => {
  const db = getDb();
  const corpus = await corpusOf(params.slug);
  const jobId = await queueScoringJob(db, { corpusId: corpus.id, createdById: user.id, measures });
  await recordAudit(db, {
    actorId: user.id,
    action: 'scoring.start',
    targetType: 'corpus',
    targetId: corpus.id,
    details: { jobId, measures },
  });
  return { status: 202, body: { jobId } };
};

export const completeMeasures: Handler<typeof completeMeasuresContract> = async ({ params, user }) => {
  const db = getDb();
  const corpus = await corpusOf(params.slug);
  const queued = await queueCorpusCompletion(db, corpus.id, user.id, resolveModelsDir());
  if (!queued) throw new AppError('CONFLICT', 'Every pair already has the measures this corpus should have.');
  const measures = queued.missing.map((m) => m.measure);
  await recordAudit(db, {
    actorId: user.id,
    action: 'scoring.start',
    targetType: 'corpus',
    targetId: corpus.id,
    details: { jobId: queued.jobId, measures, completes: true },
  });
  return { status: 202, body: { jobId: queued.jobId, measures } };
};

export const cancelScoring: Handler<typeof cancelScoringContract> = async ({ params, user }) => {
  const db = getDb();
  const jobId = params.id;
  if (!(await getScoringJob(db, jobId))) throw new AppError('NOT_FOUND', 'That scoring job does not exist.');
  await pruneOwners(db); // a job whose process is gone ends at once
  const result = await requestScoringCancel(db, jobId);
  if (result === 'ended') throw new AppError('CONFLICT', 'This scoring job has already ended.');
  await recordAudit(db, {
    actorId: user.id,
    action: 'scoring.cancel',
    targetType: 'scoring',
    targetId: jobId,
    details: { result },
  });
  return { status: 200, body: { jobId, result } };
};

export const setSemMeasures: Handler<typeof setSemMeasuresContract> = async ({ params, body: { measures }, user }) => {
  const db = getDb();
  const corpus = await corpusOf(params.slug);
  const recomputed = await setCorpusSemMeasures(db, corpus.id, measures);
  await recordAudit(db, {
    actorId: user.id,
    action: 'corpus.sem-measures',
    targetType: 'corpus',
    targetId: corpus.id,
    details: { measures },
  });
  return { status: 200, body: { recomputed } };
};
