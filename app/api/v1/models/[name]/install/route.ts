/** POST /api/v1/models/{name}/install: queue an install job (admins); the job supervisor downloads and converts the model. */
import { apiRoute } from '@/lib/http/api-route';
import { installModelContract } from '@/lib/api/contracts/models';
import { database } from '@/lib/db/database';
import { getModelInstallJob, queueModelInstall } from '@/lib/db/jobs/model-install-jobs';
import { recordAudit } from '@/lib/db/accounts/audit';
import { installJobJson, requireInstallableModel } from '@/lib/services/models/load-model-status';
import { requireFilesFolder } from '@/lib/runtime/files-folder-status';

export const POST = apiRoute(installModelContract, async ({ params, user }) => {
  const model = requireInstallableModel(params.name);
  const db = database();
  const { id, created } = await queueModelInstall(db, model, user.id, await requireFilesFolder(db));
  if (created)
    await recordAudit(db, { actorId: user.id, action: 'model.install', targetType: 'model', targetId: id, details: { model } });
  const job = await getModelInstallJob(db, id);
  return { status: created ? 202 : 200, body: installJobJson(job!) };
});
