/**
 * A process that owns jobs, for lib/jobs/orphans.db.test.ts (run with `node --import tsx`, against
 * DATABASE_URL):
 *   supervisor — runs the real job supervisor over web imports (as `npm start` does), so a claimed
 *                import runs in a real `paralens run-job` process owned by this one;
 *   cli <corpusId> — as `paralens import` does: registers as owner and creates a running import job.
 * Prints `ready <owner id> [<job id>]` and then works (or waits) until it is killed.
 */
import { createPrismaClient } from '@/lib/db/client';
import { createImportJob } from '@/lib/db/imports/import-jobs';
import { importJobKind } from '../import-queue';
import { jobOwner } from '@/lib/runtime/job-owner';
import { JobSupervisor } from '../job-supervisor';

const [mode, corpusId] = process.argv.slice(2);
const db = createPrismaClient(process.env.DATABASE_URL!);
if (mode === 'supervisor') {
  const ownerId = await jobOwner(db, 'server');
  new JobSupervisor(db, [importJobKind], { pollMs: 100 }).start();
  console.log(`ready ${ownerId}`);
} else {
  const ownerId = await jobOwner(db, 'cli');
  const job = await createImportJob(db, { corpusId: Number(corpusId), createdById: null, fileName: 'cli.tsv', ownerId });
  console.log(`ready ${ownerId} ${job.id}`);
  setInterval(() => {}, 60_000); // stays alive, as a long import would
}
