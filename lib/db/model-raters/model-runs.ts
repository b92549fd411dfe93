/**
 * Model runs (ModelRun rows), one function per transition:
 *   createModelRun (waiting for the job supervisor, or running at once for `paralens judge`, which
 *   runs it itself) → claimNextQueuedModelRun (a job process) → recordModelRunProgress (tells a
 *   cancel) → finishModelRun (succeeded, failed, cancelled).
 *   Outside the happy path: requestModelRunCancel, resumeModelRun (a failed or cancelled run waits
 *   again and continues without asking what it recorded), requeueInterruptedModelRuns (its owner is
 *   gone: the supervisor continues it), failModelRunIfUnfinished (its job process died), deleteModelRun.
 * The run's pairs are drawn here, once, into ModelRunItem, so every session of a run asks the same
 * pairs: `all` (every item, gold pairs included), `gold`, or `sample:N` (N of the non-gold items in an
 * order fixed by the run's seed: md5 of seed and pair id).
 */
import type { Db } from '../client';
import type { JobStatus } from '../generated/enums';
import { endInterruptedJobs, failJobIfUnfinished, requestJobCancel } from '../jobs/job-rows';
import { claimNextQueued } from '../jobs/claim';

export interface NewModelRun {
  campaignId: number;
  endpoint: { id: number; name: string; baseUrl: string };
  model: string;
  promptTemplate: string;
  promptHash: string;
  wordingVersion: number;
  questions: string[];
  pairs: string;
  samples: number;
  temperature: number;
  seed: number | null;
  maxTokens: number | null;
  swap: boolean;
  repeatOfId: number | null;
  createdById: number | null;
  /** set: `paralens judge` runs it in its own process, owned by it; unset: queued for the job supervisor */
  ownerId?: string;
}

const pairsSql: Record<string, string> = {
  all: `SELECT i."pairId", i."position" FROM "CampaignItem" i WHERE i."campaignId" = $2`,
  gold: `SELECT i."pairId", i."position" FROM "CampaignItem" i WHERE i."campaignId" = $2 AND i."isGold"`,
  sample: `SELECT i."pairId", i."position" FROM "CampaignItem" i WHERE i."campaignId" = $2 AND NOT i."isGold"
           ORDER BY md5($3::text || ':' || i."pairId") LIMIT $4`,
};

/** The rater's name in reports: the model and the prompt version. */
export function raterName(model: string, promptVersion: number): string {
  return `model:${model}@prompt-v${promptVersion}`;
}

/**
 * Creates the run and draws its pairs in one transaction; the prompt version is the one of an
 * earlier run of the campaign with the same template text, else the next number. Returns null when
 * the spec draws no pair.
 */
export async function createModelRun(db: Db, run: NewModelRun): Promise<{ id: number; pairs: number } | null> {
  return db
    .$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1 AS "locked" FROM pg_advisory_xact_lock(7311, ${run.campaignId})`;
      const versions = await tx.$queryRaw<Array<{ same: number | null; top: number | null }>>`
      SELECT max("promptVersion") FILTER (WHERE "promptHash" = ${run.promptHash}) AS same, max("promptVersion") AS top
      FROM "ModelRun" WHERE "campaignId" = ${run.campaignId}`;
      const promptVersion = versions[0]?.same ?? (versions[0]?.top ?? 0) + 1;
      const running = run.ownerId !== undefined;
      const created = await tx.modelRun.create({
        data: {
          campaignId: run.campaignId,
          endpointId: run.endpoint.id,
          endpointName: run.endpoint.name,
          baseUrl: run.endpoint.baseUrl,
          model: run.model,
          rater: raterName(run.model, promptVersion),
          promptVersion,
          promptTemplate: run.promptTemplate,
          promptHash: run.promptHash,
          wordingVersion: run.wordingVersion,
          questions: run.questions,
          pairs: run.pairs,
          samples: run.samples,
          temperature: run.temperature,
          seed: run.seed,
          maxTokens: run.maxTokens,
          swap: run.swap,
          repeatOfId: run.repeatOfId,
          createdById: run.createdById,
          status: running ? 'RUNNING' : 'QUEUED',
          ownerId: run.ownerId ?? null,
          startedAt: running ? new Date() : null,
        },
        select: { id: true },
      });
      const [kind, size] = run.pairs.split(':');
      const sql = pairsSql[kind ?? ''] ?? pairsSql.all!;
      const params: unknown[] = [created.id, run.campaignId];
      if (kind === 'sample') params.push(String(run.seed ?? 0), Number(size));
      const drawn = await tx.$executeRawUnsafe(
        `INSERT INTO "ModelRunItem" ("runId", "pairId", "position")
       SELECT $1, d."pairId", row_number() OVER (ORDER BY d."position") FROM (${sql}) d`,
        ...params,
      );
      if (drawn === 0) throw new NoPairsError();
      const perPair = run.samples * (run.swap ? 2 : 1);
      await tx.modelRun.update({
        where: { id: created.id },
        data: { pairsTotal: drawn, requestsTotal: drawn * perPair },
      });
      return { id: created.id, pairs: drawn };
    })
    .catch((error: unknown) => {
      if (error instanceof NoPairsError) return null;
      throw error;
    });
}

class NoPairsError extends Error {}

export async function getModelRunOwner(db: Db, id: number): Promise<{ status: JobStatus; ownerId: string | null } | null> {
  return db.modelRun.findUnique({ where: { id }, select: { status: true, ownerId: true } });
}

/** The oldest waiting run; several runs may run at once (each endpoint's limiter keeps its limits). */
export function claimNextQueuedModelRun(db: Db, ownerId: string): Promise<{ id: number } | null> {
  return claimNextQueued(db, { table: 'ModelRun', set: '"startedAt" = COALESCE("startedAt", now())' }, ownerId);
}

export interface ModelRunProgress {
  pairsDone: number;
  requestsDone: number;
  requestsFailed: number;
  retries: number;
  reasked: number;
  promptTokens: number;
  completionTokens: number;
  rate: number | null;
}

/** Progress of a running run; answers whether it must stop (a cancel, or it is no longer this process's). */
export async function recordModelRunProgress(
  db: Db,
  id: number,
  ownerId: string,
  progress: ModelRunProgress,
): Promise<{ stop: boolean }> {
  const { count } = await db.modelRun.updateMany({
    where: { id, status: 'RUNNING', ownerId },
    data: {
      ...progress,
      promptTokens: BigInt(Math.round(progress.promptTokens)),
      completionTokens: BigInt(Math.round(progress.completionTokens)),
    },
  });
  if (count === 0) return { stop: true };
  const row = await db.modelRun.findUnique({ where: { id }, select: { cancelRequested: true } });
  return { stop: row?.cancelRequested ?? true };
}

/** The outcome, written only while the run is this process's and running. */
export async function finishModelRun(
  db: Db,
  id: number,
  ownerId: string,
  outcome: { status: Extract<JobStatus, 'SUCCEEDED' | 'FAILED' | 'CANCELLED'>; message: string; progress?: ModelRunProgress },
): Promise<boolean> {
  const { progress } = outcome;
  const { count } = await db.modelRun.updateMany({
    where: { id, status: 'RUNNING', ownerId },
    data: {
      status: outcome.status,
      message: outcome.message,
      finishedAt: new Date(),
      cancelRequested: false,
      ...(progress
        ? {
            ...progress,
            promptTokens: BigInt(Math.round(progress.promptTokens)),
            completionTokens: BigInt(Math.round(progress.completionTokens)),
          }
        : {}),
    },
  });
  return count === 1;
}

/** Its job process ended without recording an outcome: failed, and Resume continues it. */
export function failModelRunIfUnfinished(db: Db, id: number, why: string): Promise<boolean> {
  return failJobIfUnfinished(db, 'ModelRun', id, `${why}. Resume continues it; what was recorded is kept.`);
}

/** Runs whose owner is gone wait again and continue where they stopped (the caller prunes gone owners first). */
export async function requeueInterruptedModelRuns(db: Db): Promise<number> {
  const message = 'Interrupted; continues where it stopped, without asking again what was recorded.';
  return (await endInterruptedJobs(db, 'ModelRun', { to: 'QUEUED', message })).length;
}

export type CancelOutcome = 'cancelled' | 'requested' | 'ended' | null;

/** A waiting run (or one whose owner is gone) is cancelled at once; a running one stops at its next progress tick. */
export async function requestModelRunCancel(db: Db, id: number): Promise<CancelOutcome> {
  const now = { message: `'Cancelled before it ran on; Resume continues it.'`, set: '"cancelRequested" = false' };
  const { step } = await requestJobCancel(db, 'ModelRun', id, { waiting: now, orphaned: now, flag: '"cancelRequested" = true' });
  if (step === 'not-found') return null;
  return step === 'waiting' || step === 'orphaned' ? 'cancelled' : step;
}

/** A failed or cancelled run waits again; false when it is not stopped (or does not exist). */
export async function resumeModelRun(db: Db, id: number): Promise<boolean> {
  const { count } = await db.modelRun.updateMany({
    where: { id, status: { in: ['FAILED', 'CANCELLED'] } },
    data: { status: 'QUEUED', cancelRequested: false, message: null, finishedAt: null, ownerId: null, rate: null },
  });
  return count === 1;
}

/** The command line continues a stopped run itself; false when it is not stopped. */
export async function takeStoppedModelRun(db: Db, id: number, ownerId: string): Promise<boolean> {
  const { count } = await db.modelRun.updateMany({
    where: { id, status: { in: ['FAILED', 'CANCELLED', 'QUEUED'] } },
    data: {
      status: 'RUNNING',
      ownerId,
      cancelRequested: false,
      message: null,
      finishedAt: null,
      startedAt: new Date(),
      rate: null,
    },
  });
  return count === 1;
}

/** Deletes a run that neither waits nor runs, with its answers and the measures made from it. */
export async function deleteModelRun(db: Db, id: number): Promise<'deleted' | 'busy' | null> {
  const row = await db.modelRun.findUnique({ where: { id }, select: { status: true } });
  if (!row) return null;
  const { count } = await db.modelRun.deleteMany({ where: { id, status: { notIn: ['QUEUED', 'RUNNING'] } } });
  return count === 1 ? 'deleted' : 'busy';
}
