/**
 * Model endpoint contracts (docs/models-as-raters.md): the OpenAI-compatible servers model runs ask.
 * Only admins add, change or remove them (the server makes requests to the URL they name); researchers
 * list them and their models to choose one for a run. The API key is never returned: only where it
 * comes from (`keySource`) and, for a variable, the variable's name.
 */
import { z } from 'zod';
import { rolesForArea } from '@/lib/access/roles';
import { defineContract } from '../contract';
import { conflict, notFound, standardErrors } from '../error-body';

export const endpointParams = z.object({ id: z.string().min(1).max(100).describe('numeric id or name') });

export const modelEndpointSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    baseUrl: z.string().describe('the base URL requests go to, normalised to end in /v1'),
    keySource: z
      .enum(['env', 'stored', 'none'])
      .describe('env: read from an environment variable; stored: kept sealed with AUTH_SECRET'),
    keyEnv: z.string().nullable().describe('the environment variable the key is read from (its name, never its value)'),
    concurrency: z.number().int().describe('requests in flight at once, across every run and process'),
    timeoutSeconds: z.number().int(),
    requestsPerMinute: z
      .number()
      .int()
      .nullable()
      .describe('requests started per minute across every run and process; null = no limit'),
    responseFormat: z
      .enum(['json_schema', 'json_object', 'prompt'])
      .nullable()
      .describe('the structured-output form the server was found to take; null until a run has found out'),
    logprobs: z.boolean().nullable().describe('whether the server takes the logprobs parameter; null until known'),
    runs: z.number().int(),
    activeRuns: z.number().int().describe('runs waiting for or running on it'),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z.string().nullable(),
  })
  .meta({ id: 'ModelEndpoint' });

const endpointFields = {
  name: z.string().min(1).max(64).describe('lowercase letters, digits, ".", "_" or "-", e.g. local-ollama'),
  url: z
    .string()
    .min(1)
    .max(2000)
    .describe(
      'the server, with or without /v1: http://127.0.0.1:11434 (Ollama), http://gpu-box:8000/v1 (vLLM), https://api.openai.com',
    ),
  key: z.string().min(1).max(4000).nullable().describe('the API key, stored sealed with AUTH_SECRET; null removes a stored key'),
  keyEnv: z
    .string()
    .min(1)
    .max(128)
    .nullable()
    .describe('or: the environment variable to read the key from, e.g. OPENAI_API_KEY'),
  concurrency: z
    .number()
    .int()
    .min(1)
    .max(256)
    .describe('requests in flight at once (default 1: a local server answers one at a time unless told otherwise)'),
  timeoutSeconds: z
    .number()
    .int()
    .min(1)
    .max(3600)
    .describe('how long one request may take before it is aborted and retried (default 120)'),
  requestsPerMinute: z.number().int().min(1).max(100_000).nullable().describe('requests started per minute; null = no limit'),
};

export const listModelEndpointsContract = defineContract({
  method: 'GET',
  path: '/api/v1/model-endpoints',
  summary: 'The model endpoints runs can use (researchers choose among them; admins manage them)',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  responses: {
    200: { description: 'Every endpoint, by name', schema: z.object({ endpoints: z.array(modelEndpointSchema) }) },
    ...standardErrors,
  },
});

export const createModelEndpointContract = defineContract({
  method: 'POST',
  path: '/api/v1/model-endpoints',
  summary: 'Register an OpenAI-compatible endpoint (admins)',
  description:
    'Loopback and private addresses are allowed: local servers live there. Give the key itself (`key`, stored sealed) or the name of an environment variable of the process that runs the jobs (`keyEnv`), or neither for servers that need none.',
  tags: ['model-raters'],
  roles: ['ADMIN'],
  body: z
    .object({
      name: endpointFields.name,
      url: endpointFields.url,
      key: endpointFields.key.optional(),
      keyEnv: endpointFields.keyEnv.optional(),
      concurrency: endpointFields.concurrency.optional(),
      timeoutSeconds: endpointFields.timeoutSeconds.optional(),
      requestsPerMinute: endpointFields.requestsPerMinute.optional(),
    })
    .strict(),
  responses: {
    201: { description: 'The endpoint', schema: modelEndpointSchema },
    ...standardErrors,
    409: conflict('The name is taken'),
  },
});

export const getModelEndpointContract = defineContract({
  method: 'GET',
  path: '/api/v1/model-endpoints/{id}',
  summary: 'One model endpoint',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: endpointParams,
  responses: {
    200: { description: 'The endpoint', schema: modelEndpointSchema },
    ...standardErrors,
    404: notFound('The endpoint'),
  },
});

export const updateModelEndpointContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/model-endpoints/{id}',
  summary: 'Change an endpoint (admins); a new URL forgets what was learnt about the old server',
  tags: ['model-raters'],
  roles: ['ADMIN'],
  params: endpointParams,
  body: z
    .object({
      name: endpointFields.name.optional(),
      url: endpointFields.url.optional(),
      key: endpointFields.key.optional(),
      keyEnv: endpointFields.keyEnv.optional(),
      concurrency: endpointFields.concurrency.optional(),
      timeoutSeconds: endpointFields.timeoutSeconds.optional(),
      requestsPerMinute: endpointFields.requestsPerMinute.optional(),
    })
    .strict(),
  responses: {
    200: { description: 'The endpoint now', schema: modelEndpointSchema },
    ...standardErrors,
    404: notFound('The endpoint'),
    409: conflict('The new name is taken'),
  },
});

export const deleteModelEndpointContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/model-endpoints/{id}',
  summary: 'Remove an endpoint (admins); finished runs keep its name and URL',
  tags: ['model-raters'],
  roles: ['ADMIN'],
  params: endpointParams,
  responses: {
    204: { description: 'Removed' },
    ...standardErrors,
    404: notFound('The endpoint'),
    409: conflict('A run waits for or runs on it'),
  },
});

export const listEndpointModelsContract = defineContract({
  method: 'GET',
  path: '/api/v1/model-endpoints/{id}/models',
  summary: 'The models the server lists (GET {base}/models), for the run form’s drop-down',
  description: 'When the server cannot be asked, `models` is empty and `problem` says why; a model name can still be typed.',
  tags: ['model-raters'],
  roles: rolesForArea('campaigns'),
  params: endpointParams,
  responses: {
    200: {
      description: 'The model ids, or the problem',
      schema: z.object({ models: z.array(z.string()), problem: z.string().nullable() }),
    },
    ...standardErrors,
    404: notFound('The endpoint'),
  },
});
