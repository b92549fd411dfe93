/** Mining-run contracts: the runs of `paralens mine` with progress and the Table 3 funnel (docs/mining.md). */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { defineContract } from '../contract';
import { notFound, standardErrors } from '../errors';
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
    options: z.object({ tier: z.string().optional(), mode: z.string().optional(), minRefs: z.number().optional(), maxRefs: z.number().optional(), workers: z.number().optional() }),
    status: z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']),
    phase: z.string().describe('map, reduce, import or done'),
    resumable: z.boolean(),
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
  responses: { 200: { description: 'Up to 50 runs, newest first', schema: z.object({ runs: z.array(miningRunSchema) }) }, ...standardErrors },
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
