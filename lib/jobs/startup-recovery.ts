/**
 * What `npm start` does before it serves (scripts/start.ts): jobs whose owner is gone are failed or
 * queued again (a command-line run that is still alive keeps its job), private files tightened and
 * stale files removed (when the files folder passes its check), every corpus summarized, and every
 * corpus that lacks measures it should have completed by a scoring job (lib/services/scoring/complete-measures.ts).
 */
import type { Db } from '@/lib/db/client';
import { ensureCorpusSummaries } from '@/lib/db/corpora/corpus-summary';
import { cleanImportFilesAtStartup } from './import-queue';
import { cleanExportFilesAtStartup } from './export-queue';
import { expireDumpUploadFiles } from '@/lib/services/mining/upload-dump';
import { describeOrphanRecovery, recoverOrphanedJobs } from './orphans';
import { completeCorporaAtStartup } from '@/lib/services/scoring/complete-measures';
import { resolveModelsDir } from '@/lib/runtime/paralens-home';
import { filesFolderStatus } from '@/lib/runtime/files-folder-status';

export async function recoverAtStartup(
  db: Db,
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
): Promise<void> {
  for (const line of describeOrphanRecovery(await recoverOrphanedJobs(db, env))) log(line);
  // A files folder that fails its check is left alone (never created on an empty mount point); the launcher says why.
  if ((await filesFolderStatus(db, env)).ok) {
    const removed = await cleanImportFilesAtStartup(db, env);
    if (removed > 0) log(`Removed ${removed} expired or orphaned upload and rejects file(s).`);
    const dumps = await expireDumpUploadFiles(db, env);
    if (dumps > 0) log(`Removed ${dumps} expired or partial dump upload(s) from the dumps folder.`);
    await cleanExportFilesAtStartup(db, env);
  }
  const summarized = await ensureCorpusSummaries(db);
  if (summarized > 0) log(`Summarized ${summarized} corpus(es) that had no summary yet.`);
  for (const line of await completeCorporaAtStartup(db, resolveModelsDir(env))) log(line);
}
