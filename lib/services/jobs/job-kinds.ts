/**
 * The job kinds as the web app and the API know them, declared once (docs/decisions/017-one-job-module.md):
 * each kind's table, how it is named in sentences and the audit log, how it is cancelled and who may
 * dismiss it. The routes /api/v1/jobs/{kind}/{id}/cancel and …/dismiss, and the job list on the
 * screens, go through this registry; what runs a kind's jobs (the supervisor's claim and failure, the
 * runner, the recovery of orphans) is its other half, lib/jobs/job-kinds.ts, keyed by the same names.
 */
import type { RoleName } from '@/lib/access/roles';
import type { CancellableJobKind, DismissableJobKind, JobKindName } from '@/lib/api/contracts/jobs';
import type { Db } from '@/lib/db/client';
import type { JobTable } from '@/lib/db/jobs/job-rows';
import { cancelImport } from '@/lib/services/imports/cancel-import';
import { cancelWebMining } from '@/lib/services/mining/queue-mining-run';
import { cancelModelRun } from '@/lib/services/model-raters/start-model-run';
import { cancelScoring } from '@/lib/services/scoring/queue-scoring';

export type JobActor = { id: number; role: RoleName };

export interface JobKindDescriptor {
  table: JobTable;
  /** the kind in a sentence ("That import does not exist.") and in the audit log (`import.dismiss`) */
  noun: string;
}

export const jobKinds: Record<JobKindName, JobKindDescriptor> = {
  import: { table: 'ImportJob', noun: 'import' },
  scoring: { table: 'ScoringJob', noun: 'scoring' },
  index: { table: 'IndexJob', noun: 'index' },
  export: { table: 'ExportJob', noun: 'export' },
  'model-install': { table: 'ModelInstallJob', noun: 'model install' },
  'mining-run': { table: 'MiningRun', noun: 'mining run' },
  'model-run': { table: 'ModelRun', noun: 'model run' },
};

/**
 * How each cancellable kind is cancelled: its service checks who may, ends or flags the job
 * (lib/db/jobs/job-rows.ts requestJobCancel, with the kind's words), writes the audit entry and
 * answers `cancelled` or `requested` (an import: `discarded` or `stopped` too).
 */
export const jobCancellers: Record<CancellableJobKind, (db: Db, actor: JobActor, id: number) => Promise<string>> = {
  import: async (db, actor, id) => (await cancelImport(db, actor, id)).result,
  scoring: async (_db, actor, id) => (await cancelScoring(actor, id)).result,
  'mining-run': async (db, actor, id) => endedOrAsked(await cancelWebMining(db, actor, id)),
  'model-run': async (db, actor, id) => endedOrAsked(await cancelModelRun(db, actor, id)),
};

const endedOrAsked = (job: { status: string }) => (job.status === 'CANCELLED' ? 'cancelled' : 'requested');

/**
 * Who may dismiss an ended job of each dismissable kind besides the area's roles: `creator` (another
 * user's job does not exist for them: exports are private), `creator-or-admin` (imports:
 * lib/access/ownership.ts), `anyone` (scoring jobs belong to their corpus).
 */
export const jobDismissal: Record<DismissableJobKind, 'anyone' | 'creator' | 'creator-or-admin'> = {
  import: 'creator-or-admin',
  scoring: 'anyone',
  export: 'creator',
};
