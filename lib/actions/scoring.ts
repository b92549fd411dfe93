'use server';
/**
 * Semantic measures from the corpus page (researchers and admins): start a scoring job (the job
 * supervisor runs it), one for exactly the measures the corpus lacks (lib/jobs/measure-completion.ts),
 * cancel one, and change which measures form the corpus's semantic axis.
 * The corpus comes from its slug or the job row, never from the client's say-so.
 */
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { AppError } from '@/lib/errors/app-error';
import { rolesForArea } from '@/lib/access/roles';
import { getDb } from '@/lib/db/client';
import { getCorpusBySlug } from '@/lib/db/corpora/corpora';
import { recordAudit } from '@/lib/db/accounts/audit';
import { pruneOwners } from '@/lib/jobs/job-owner';
import { getScoringJob, queueScoringJob, requestScoringCancel } from '@/lib/db/jobs/scoring-jobs';
import { setCorpusSemMeasures } from '@/lib/db/corpora/semantic-set';
import { semanticMeasureKeys } from '@/lib/measures/catalog';
import { defineAction } from './define-action';
import { dbIdText } from '@/lib/api/db-numbers';
import { queueCorpusCompletion } from '@/lib/jobs/measure-completion';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';

const measureSchema = z.enum(semanticMeasureKeys as unknown as [string, ...string[]]);

async function corpusOf(slug: string) {
  const corpus = await getCorpusBySlug(getDb(), slug);
  if (!corpus) throw new AppError('NOT_FOUND', 'That corpus does not exist.');
  return corpus;
}

export const startScoringAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({ slug: z.string().min(1).max(200), measures: z.array(measureSchema).min(1, 'Choose at least one measure.') }),
  handler: async ({ slug, measures }, user) => {
    const db = getDb();
    const corpus = await corpusOf(slug);
    const jobId = await queueScoringJob(db, { corpusId: corpus.id, createdById: user.id, measures });
    await recordAudit(db, {
      actorId: user.id,
      action: 'scoring.start',
      targetType: 'corpus',
      targetId: corpus.id,
      details: { jobId, measures },
    });
    revalidatePath(`/corpora/${corpus.slug}`);
    return { jobId };
  },
});

export const completeMeasuresAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({ slug: z.string().min(1).max(200) }),
  handler: async ({ slug }, user) => {
    const db = getDb();
    const corpus = await corpusOf(slug);
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
    revalidatePath(`/corpora/${corpus.slug}`);
    return { jobId: queued.jobId, measures };
  },
});

export const cancelScoringAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({ jobId: dbIdText }),
  handler: async ({ jobId }, user) => {
    const db = getDb();
    const job = await getScoringJob(db, jobId);
    if (!job) throw new AppError('NOT_FOUND', 'That scoring job does not exist.');
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
    revalidatePath('/corpora');
    return { jobId, result };
  },
});

export const setSemMeasuresAction = defineAction({
  roles: rolesForArea('corpora'),
  schema: z.object({ slug: z.string().min(1).max(200), measures: z.array(measureSchema) }),
  handler: async ({ slug, measures }, user) => {
    const db = getDb();
    const corpus = await corpusOf(slug);
    const recomputed = await setCorpusSemMeasures(db, corpus.id, measures);
    await recordAudit(db, {
      actorId: user.id,
      action: 'corpus.sem-measures',
      targetType: 'corpus',
      targetId: corpus.id,
      details: { measures },
    });
    revalidatePath(`/corpora/${corpus.slug}`);
    revalidatePath('/dashboards');
    return { recomputed };
  },
});
