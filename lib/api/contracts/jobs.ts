/**
 * The routes every job kind shares (docs/decisions/017-one-job-module.md): cancel a waiting or
 * running job, dismiss an ended one. `{kind}` is a job kind's name, one of JOB_KINDS; which kinds
 * can be cancelled or dismissed is declared here, and lib/services/jobs/job-kinds.ts says how.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { dbIdText } from '../db-numbers';
import { conflict, notFound, standardErrors } from '../errors';

/** Every job kind, by the name the API, the audit log and the screens use. */
export const JOB_KINDS = ['import', 'scoring', 'index', 'export', 'model-install', 'mining-run', 'model-run'] as const;
export type JobKindName = (typeof JOB_KINDS)[number];

/** The kinds a user can cancel (a waiting job ends at once, a running one stops at its next progress tick). */
export const CANCELLABLE_JOB_KINDS = ['import', 'scoring', 'mining-run', 'model-run'] as const;
export type CancellableJobKind = (typeof CANCELLABLE_JOB_KINDS)[number];

/** The kinds whose failed or cancelled jobs a user can dismiss from a job list. */
export const DISMISSABLE_JOB_KINDS = ['import', 'scoring', 'export'] as const;
export type DismissableJobKind = (typeof DISMISSABLE_JOB_KINDS)[number];

const staff = ['ADMIN', 'RESEARCHER'] as const;

export const cancelJobContract = defineContract({
  method: 'POST',
  path: '/api/v1/jobs/{kind}/{id}/cancel',
  summary:
    'Cancel a waiting job at once, or ask a running one to stop at its next progress tick (an import: its uploader or an admin; a mining run: its creator or an admin)',
  description:
    '`result`: `cancelled` (it ended at once), `requested` (it stops at its next progress tick); an import also answers `discarded` (an upload never started, deleted) or `stopped` (its process was gone).',
  tags: ['jobs'],
  roles: staff,
  params: z.object({ kind: z.enum(CANCELLABLE_JOB_KINDS), id: dbIdText }),
  responses: {
    200: {
      description: 'Cancelled, or asked to stop',
      schema: z.object({ kind: z.enum(CANCELLABLE_JOB_KINDS), jobId: z.number().int(), result: z.string() }),
    },
    ...standardErrors,
    404: notFound('The job'),
    409: conflict('The job has already ended'),
  },
});

export const dismissJobContract = defineContract({
  method: 'POST',
  path: '/api/v1/jobs/{kind}/{id}/dismiss',
  summary:
    'Dismiss a failed or cancelled import, scoring or export job: it leaves the job lists (exports: the caller’s own only)',
  tags: ['jobs'],
  roles: staff,
  params: z.object({ kind: z.enum(DISMISSABLE_JOB_KINDS), id: dbIdText }),
  responses: {
    204: { description: 'Dismissed' },
    ...standardErrors,
    404: notFound('The job (or, for an export, the caller did not start it)'),
    409: conflict('The job is waiting, running or succeeded'),
  },
});
