/**
 * Mining-run contracts: the runs of `paralens mine` and of the Mining page with progress and the Table 3
 * funnel, the dumps folder, and starting, cancelling and resuming a run (docs/mining.md).
 */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { defineContract } from '../contract';
import { apiErrorSchema, conflict, filesFolderUnavailable, notFound, standardErrors } from '../error-body';
import { miningSettingsFields, refsInOrder, refsInOrderIssue } from '@/lib/mining/mining-options';
import { idParams } from './shared';

const funnelRowSchema = z
  .object({
    step: z.number().int().describe('Table 3 row, 0-9'),
    name: z.string(),
    images: z.number().int(),
    imagesRefs2: z.number().int(),
    imagesRefs5: z.number().int(),
    references: z.number().int(),
    meanRefs: z.number().nullable(),
    captions: z.number().int().describe('visible captions and alt texts'),
    pairs: z.number().int(),
  })
  .meta({ id: 'FunnelRow' });

export const miningRunSchema = z
  .object({
    id: z.number().int(),
    dumpName: z.string(),
    source: z.string().describe('multistream, bz2, xml or references'),
    corpusName: z.string(),
    corpus: z.object({ name: z.string(), slug: z.string() }).nullable().describe('the corpus the run published, once it has'),
    options: z.object({
      tier: z.string().optional(),
      mode: z.string().optional(),
      minRefs: z.number().optional(),
      maxRefs: z.number().optional(),
      workers: z.number().optional(),
    }),
    status: z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']),
    phase: z.string().describe('map, reduce, import or done'),
    resumable: z
      .boolean()
      .describe('stopped with its finished chunks kept: Resume (or the same `paralens mine` command) continues it'),
    cancelRequested: z.boolean().describe('a cancel was asked for; the run stops after the chunks in progress'),
    chunksTotal: z.number().int(),
    chunksDone: z.number().int(),
    bytesTotal: z.number().describe('compressed bytes to read'),
    bytesDone: z.number(),
    xmlBytes: z.number(),
    pages: z.number().int(),
    references: z.number().int(),
    mbPerSecond: z.number().nullable().describe('uncompressed XML per second in the current session'),
    funnel: z.array(funnelRowSchema),
    message: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'MiningRun' });

export const listMiningRunsContract = defineContract({
  method: 'GET',
  path: '/api/v1/mining-runs',
  summary: 'The newest mining runs with progress and funnel',
  tags: ['mining'],
  roles: rolesForArea('mining'),
  responses: {
    200: { description: 'Up to 50 runs, newest first', schema: z.object({ runs: z.array(miningRunSchema) }) },
    ...standardErrors,
  },
});

export const getMiningRunContract = defineContract({
  method: 'GET',
  path: '/api/v1/mining-runs/{id}',
  summary: 'One mining run: status, progress (chunks, bytes, MB/s) and funnel; polled by the Mining page',
  tags: ['mining'],
  roles: rolesForArea('mining'),
  params: idParams,
  responses: { 200: { description: 'The run', schema: miningRunSchema }, ...standardErrors, 404: notFound('The mining run') },
});

const dumpFileSchema = z
  .object({
    name: z.string().describe('the path inside the dumps folder; what a start names'),
    bytes: z.number().int(),
    modifiedAt: z.string(),
    kind: z
      .enum(['dump', 'index', 'other'])
      .describe('from the name: a dump (.xml, .bz2), a multistream index, or something else'),
  })
  .meta({ id: 'DumpFile' });

export const listMiningDumpsContract = defineContract({
  method: 'GET',
  path: '/api/v1/mining-dumps',
  summary:
    'The files of the dumps folder (PARALENS_DUMPS_DIR, else `dumps` of PARALENS_SHARED_DIR or PARALENS_HOME) a mining run can be started on, with their sizes',
  tags: ['mining'],
  roles: rolesForArea('mining'),
  responses: {
    200: {
      description:
        'The folder and its files (up to 3 folders deep; links out of the folder are not listed); `configured: false` when PARALENS_DUMPS_DIR is unset and the folder is `dumps` of PARALENS_SHARED_DIR or PARALENS_HOME (`exists: false` until something is put there)',
      schema: z.object({
        configured: z.boolean(),
        dir: z.string(),
        exists: z.boolean(),
        dumps: z.array(dumpFileSchema),
      }),
    },
    ...standardErrors,
  },
});

const startedRun = z.object({
  run: miningRunSchema,
  resumed: z
    .boolean()
    .describe('true: a stopped run of the same dump file and mode was queued again and continues where it stopped'),
});

export const startMiningRunContract = defineContract({
  method: 'POST',
  path: '/api/v1/mining-runs',
  summary: 'Start a mining run on a dump of the dumps folder (the settings of `paralens mine`); the job supervisor runs it',
  tags: ['mining'],
  roles: rolesForArea('mining'),
  body: miningSettingsFields
    .extend({
      dump: z.string().min(1).max(1000).describe('a name from GET /api/v1/mining-dumps (never a path)'),
      index: z.string().min(1).max(1000).nullish().describe('the multistream index, a name from the same listing'),
      corpus: z.string().trim().min(1).max(200).describe('the corpus to import into (created when missing)'),
    })
    .strict()
    .refine(refsInOrder, refsInOrderIssue),
  responses: {
    202: { description: 'Queued (or a stopped run of the same dump queued again)', schema: startedRun },
    ...standardErrors,
    400: {
      description: 'A malformed body, a name the dumps listing does not hold, or a file that is not a dump (`error.fields`)',
      schema: apiErrorSchema,
    },
    409: conflict('A run is already waiting for or working on this dump'),
    503: filesFolderUnavailable,
  },
});

export const cancelMiningRunContract = defineContract({
  method: 'POST',
  path: '/api/v1/mining-runs/{id}/cancel',
  summary:
    'Cancel a waiting run at once, or ask a running one to stop after the chunks in progress (its finished chunks are kept for Resume)',
  tags: ['mining'],
  roles: rolesForArea('mining'),
  params: idParams,
  responses: {
    202: { description: 'The run now', schema: miningRunSchema },
    ...standardErrors,
    404: notFound('The mining run'),
    409: conflict('The run has ended'),
  },
});

export const resumeMiningRunContract = defineContract({
  method: 'POST',
  path: '/api/v1/mining-runs/{id}/resume',
  summary: 'Queue a failed or cancelled run again; it continues where it stopped',
  tags: ['mining'],
  roles: rolesForArea('mining'),
  params: idParams,
  responses: {
    202: { description: 'The run now, waiting', schema: miningRunSchema },
    ...standardErrors,
    404: notFound('The mining run'),
    409: conflict('The run did not stop with its work kept (it succeeded, failed on its input, or is waiting or running)'),
    503: filesFolderUnavailable,
  },
});
