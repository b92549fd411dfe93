/**
 * Model run contracts (docs/models-as-raters.md): a language model answers a campaign's questions as
 * a named rater, in a background job, and is judged as the annotators are. Researchers and admins
 * (the campaigns area) start, follow, cancel, resume and delete runs and read their answers; the
 * answers are never part of any annotator-facing route.
 */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { defineContract } from '../contract';
import { conflict, notFound, standardErrors } from '../error-body';
import { idOrSlugParams, idParams } from './shared';
import { RUN_LIMITS } from '@/lib/model-raters/run-settings';

const status = z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']);

export const modelRunSchema = z
  .object({
    id: z.number().int(),
    campaign: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
    endpoint: z.object({
      id: z.number().int().nullable().describe('null once the endpoint was removed'),
      name: z.string(),
      baseUrl: z.string(),
    }),
    model: z.string().describe('the model asked for'),
    rater: z.string().describe('the rater’s name in reports: model:<model>@prompt-v<version>'),
    promptVersion: z.number().int(),
    promptHash: z.string().describe('SHA-256 of the prompt template'),
    wordingVersion: z.number().int().describe('the campaign’s wording version whose guidelines and questions were asked'),
    questions: z.array(z.string()),
    pairs: z.string().describe('all, gold or sample:N'),
    samples: z.number().int(),
    temperature: z.number(),
    seed: z.number().int().nullable().describe('the seed of sample 0; sample k is asked with seed + k'),
    maxTokens: z.number().int().nullable(),
    swap: z.boolean(),
    repeatOfId: z.number().int().nullable(),
    status,
    cancelRequested: z.boolean(),
    pairsTotal: z.number().int(),
    pairsDone: z.number().int(),
    requestsTotal: z.number().int(),
    requestsDone: z.number().int().describe('requests recorded (answered or failed), over every session'),
    requestsFailed: z.number().int(),
    retries: z.number().int().describe('HTTP attempts beyond the first'),
    reasked: z.number().int().describe('answers asked once more after failing validation'),
    promptTokens: z.number(),
    completionTokens: z.number(),
    rate: z.number().nullable().describe('requests recorded per second in the current session'),
    secondsLeft: z.number().nullable(),
    message: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    createdBy: z.string().nullable(),
  })
  .meta({ id: 'ModelRun' });

const counted = z.array(z.object({ value: z.string().nullable(), requests: z.number().int() }));

export const modelRunDetailSchema = modelRunSchema
  .extend({
    provenance: z.object({
      responseModels: counted.describe('the model names the server reported'),
      systemFingerprints: counted,
      formats: counted.describe('json_schema, json_object or prompt'),
      answered: z.number().int(),
      failed: z.number().int(),
      failures: z.array(z.object({ reason: z.string(), requests: z.number().int() })),
      latencyMs: z.object({ median: z.number().nullable(), p95: z.number().nullable() }),
    }),
    measures: z.array(z.string()).describe('the corpus measures made from the run’s Likert answers'),
  })
  .meta({ id: 'ModelRunDetail' });

export const startModelRunContract = defineContract({
  method: 'POST',
  path: '/api/v1/campaigns/{id}/model-runs',
  summary: 'Start a model run on a campaign: the model answers the campaign’s questions for its pairs in a background job',
  description:
    'The prompt is the template (default: GET …/model-prompt) filled with the campaign’s guidelines, the questions as now worded and the two texts. With `repeatOf`, every setting of that run is taken (to see whether the model drifted).',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: idOrSlugParams,
  body: z
    .object({
      endpoint: z.string().min(1).max(100).optional().describe('the endpoint’s name or id (required unless repeatOf)'),
      model: z
        .string()
        .min(1)
        .max(200)
        .optional()
        .describe('the model name the server knows, GET /api/v1/model-endpoints/{id}/models (required unless repeatOf)'),
      questions: z
        .array(z.string().min(1).max(40))
        .max(50)
        .optional()
        .describe('question keys to ask (default: all of the campaign’s)'),
      samples: z
        .number()
        .int()
        .min(RUN_LIMITS.samples.min)
        .max(RUN_LIMITS.samples.max)
        .optional()
        .describe('asks per pair; the answer is the mode'),
      temperature: z.number().min(RUN_LIMITS.temperature.min).max(RUN_LIMITS.temperature.max).optional(),
      seed: z.number().int().min(0).max(2_147_483_000).nullable().optional(),
      maxTokens: z.number().int().min(RUN_LIMITS.maxTokens.min).max(RUN_LIMITS.maxTokens.max).nullable().optional(),
      swap: z.boolean().optional().describe('also ask each pair with the two texts exchanged (the swap probe)'),
      pairs: z.string().min(1).max(20).optional().describe('all (default), gold or sample:N'),
      template: z.string().min(1).max(50_000).optional().describe('the prompt template (placeholders: docs/models-as-raters.md)'),
      repeatOf: z.number().int().positive().optional().describe('repeat this run of the campaign with its settings'),
    })
    .strict()
    .refine((b) => b.repeatOf !== undefined || (b.model !== undefined && b.endpoint !== undefined), {
      message: 'endpoint and model are required (or repeatOf)',
    }),
  responses: {
    202: { description: 'The run, waiting for the job supervisor', schema: modelRunSchema },
    ...standardErrors,
    404: notFound('The campaign'),
  },
});

export const listModelRunsContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}/model-runs',
  summary: 'A campaign’s model runs, newest first, with their progress',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: idOrSlugParams,
  responses: {
    200: { description: 'The runs', schema: z.object({ runs: z.array(modelRunSchema) }) },
    ...standardErrors,
    404: notFound('The campaign'),
  },
});

export const getModelPromptContract = defineContract({
  method: 'GET',
  path: '/api/v1/campaigns/{id}/model-prompt',
  summary: 'The default prompt template and the prompt versions the campaign’s runs used',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: idOrSlugParams,
  responses: {
    200: {
      description: 'The template to start from and earlier versions',
      schema: z.object({
        template: z.string(),
        placeholders: z.array(z.object({ name: z.string(), meaning: z.string() })),
        versions: z.array(
          z.object({ version: z.number().int(), hash: z.string(), template: z.string(), runs: z.number().int() }),
        ),
      }),
    },
    ...standardErrors,
    404: notFound('The campaign'),
  },
});

export const getModelRunContract = defineContract({
  method: 'GET',
  path: '/api/v1/model-runs/{id}',
  summary: 'One model run: state, progress, provenance, counts of answered, failed and retried requests; polled by the run page',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: idParams,
  responses: { 200: { description: 'The run', schema: modelRunDetailSchema }, ...standardErrors, 404: notFound('The model run') },
});

export const modelAnswerLineSchema = z
  .object({
    pair_id: z.number().int(),
    swapped: z.boolean().describe('asked with the texts exchanged (the swap probe)'),
    sample: z.number().int(),
    status: z.enum(['ok', 'failed']),
    answers: z
      .record(z.string(), z.union([z.number(), z.boolean(), z.string()]))
      .nullable()
      .describe('in the stored order (relations mapped back when swapped)'),
    failure: z.string().nullable(),
    raw: z.string().nullable().describe('the message content exactly as the server sent it'),
    reasoning: z.string().nullable(),
    finish_reason: z.string().nullable(),
    model: z.string().nullable().describe('the model name the server reported'),
    system_fingerprint: z.string().nullable(),
    usage: z.object({ prompt_tokens: z.number().nullable(), completion_tokens: z.number().nullable() }),
    latency_ms: z.number(),
    attempts: z.number().int(),
    reasked: z.boolean(),
    format: z.string(),
    expected: z.record(z.string(), z.object({ value: z.number(), mass: z.number() })).nullable(),
    seed: z.number().int().nullable(),
    temperature: z.number(),
    prompt_hash: z.string(),
  })
  .meta({ id: 'ModelAnswerLine' });

export const getModelRunAnswersContract = defineContract({
  method: 'GET',
  path: '/api/v1/model-runs/{id}/answers',
  summary: 'Every request of a run as JSON Lines: the answers in the stored order, the raw output and its provenance',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: idParams,
  responses: {
    200: {
      description: 'One line per request, in the run’s pair order',
      schema: modelAnswerLineSchema,
      contentType: 'application/x-ndjson',
    },
    ...standardErrors,
    404: notFound('The model run'),
  },
});

export const cancelModelRunContract = defineContract({
  method: 'POST',
  path: '/api/v1/model-runs/{id}/cancel',
  summary: 'Cancel a waiting run at once, or ask a running one to stop (what it recorded is kept for Resume)',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: idParams,
  responses: {
    202: { description: 'The run now', schema: modelRunSchema },
    ...standardErrors,
    404: notFound('The model run'),
    409: conflict('The run has ended'),
  },
});

export const resumeModelRunContract = defineContract({
  method: 'POST',
  path: '/api/v1/model-runs/{id}/resume',
  summary: 'Queue a failed or cancelled run again; it asks only what it has not recorded',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: idParams,
  responses: {
    202: { description: 'The run now, waiting', schema: modelRunSchema },
    ...standardErrors,
    404: notFound('The model run'),
    409: conflict('The run is waiting, running or finished'),
  },
});

export const deleteModelRunContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/model-runs/{id}',
  summary: 'Delete a run that neither waits nor runs, with its answers and the measures made from it',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: idParams,
  responses: {
    204: { description: 'Deleted' },
    ...standardErrors,
    404: notFound('The model run'),
    409: conflict('The run waits or runs'),
  },
});
