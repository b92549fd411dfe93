/**
 * An admin's install of a model from the web app (`POST /api/v1/models/{name}/install`): one install
 * job waits or runs at a time, so a second click gets the same job (`created: false`); a new job is
 * audited. The files folder must pass its check (503 otherwise); the job supervisor downloads and
 * converts the model (lib/jobs/model-install-queue.ts).
 */
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import { getModelInstallJob, queueModelInstall } from '@/lib/db/jobs/model-install-jobs';
import { requireFilesFolder } from '@/lib/runtime/files-folder-status';
import { installJobJson, requireInstallableModel, type InstallJobJson } from './load-model-status';

export async function queueModelInstallJob(
  db: Db,
  user: { id: number },
  name: string,
): Promise<{ created: boolean; job: InstallJobJson }> {
  const model = requireInstallableModel(name);
  const { id, created } = await queueModelInstall(db, model, user.id, await requireFilesFolder(db));
  if (created)
    await recordAudit(db, { actorId: user.id, action: 'model.install', targetType: 'model', targetId: id, details: { model } });
  const job = await getModelInstallJob(db, id);
  return { created, job: installJobJson(job!) };
}
