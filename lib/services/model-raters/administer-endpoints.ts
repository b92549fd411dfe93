/**
 * Registering model endpoints (admins only: the server makes requests to whatever URL they name, so
 * loopback and private addresses, where local servers live, are allowed): the name checked, the URL
 * normalised to its `/v1` base (lib/llm/base-url.ts), the API key either named as an environment
 * variable or sealed with AUTH_SECRET before it reaches the database, every change audited without
 * the key. Shared by `/api/v1/model-endpoints` and `paralens endpoints`.
 */
import { setting } from '@/lib/config/settings';
import type { Db } from '@/lib/db/client';
import { recordAudit } from '@/lib/db/accounts/audit';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  getEndpointForRun,
  updateEndpoint,
  type EndpointData,
  type EndpointView,
} from '@/lib/db/model-raters/endpoints';
import { AppError } from '@/lib/errors/app-error';
import { normaliseBaseUrl } from '@/lib/llm/base-url';
import { listModels } from '@/lib/llm/list-models';
import { sealSecret } from '@/lib/llm/secret-box';
import { resolveEndpointKey } from './endpoint-key';

export const ENDPOINT_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;
export const KEY_ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

export interface EndpointInput {
  name?: string;
  url?: string;
  /** the key itself (sealed before it is stored); null removes a stored key */
  key?: string | null;
  /** an environment variable to read the key from; null removes it */
  keyEnv?: string | null;
  concurrency?: number;
  timeoutSeconds?: number;
  requestsPerMinute?: number | null;
}

const invalid = (field: string, message: string) =>
  new AppError('INVALID_INPUT', `Check the body: ${field} ${message}.`, { fields: { [`body.${field}`]: message } });

function checkedFields(input: EndpointInput, env: NodeJS.ProcessEnv): Partial<EndpointData> {
  const data: Partial<EndpointData> = {};
  if (input.name !== undefined) {
    if (!ENDPOINT_NAME.test(input.name))
      throw invalid('name', 'must be lowercase letters, digits, ".", "_" or "-" (at most 64), e.g. local-ollama');
    data.name = input.name;
  }
  if (input.url !== undefined) {
    const url = normaliseBaseUrl(input.url);
    if (!url.ok) throw invalid('url', url.error);
    data.baseUrl = url.baseUrl;
  }
  if (input.key !== undefined && input.keyEnv !== undefined && input.key !== null && input.keyEnv !== null)
    throw invalid('key', 'and keyEnv cannot both be given: store the key, or name the variable that holds it');
  if (input.keyEnv !== undefined) {
    if (input.keyEnv !== null && !KEY_ENV_NAME.test(input.keyEnv))
      throw invalid('keyEnv', 'must be the name of an environment variable, e.g. OPENAI_API_KEY');
    data.keyEnv = input.keyEnv;
    if (input.keyEnv !== null) data.keySealed = null;
  }
  if (input.key !== undefined) {
    if (input.key === null) data.keySealed = null;
    else {
      const secret = setting('AUTH_SECRET', env);
      if (!secret)
        throw new AppError(
          'CONFLICT',
          'AUTH_SECRET is not set, so a key cannot be stored; name an environment variable instead.',
        );
      data.keySealed = sealSecret(input.key.trim(), secret);
      data.keyEnv = null;
    }
  }
  if (input.concurrency !== undefined) data.concurrency = input.concurrency;
  if (input.timeoutSeconds !== undefined) data.timeoutSeconds = input.timeoutSeconds;
  if (input.requestsPerMinute !== undefined) data.requestsPerMinute = input.requestsPerMinute;
  return data;
}

/** What the audit log keeps of a change: never the key, only where it comes from. */
function auditDetails(data: Partial<EndpointData>): Record<string, string | number | null> {
  const { keySealed, ...rest } = data;
  return { ...rest, ...(keySealed !== undefined ? { key: keySealed === null ? 'removed' : 'stored (sealed)' } : {}) };
}

export async function addEndpoint(
  db: Db,
  actor: { id: number | null },
  input: EndpointInput,
  env = process.env,
): Promise<EndpointView> {
  if (input.name === undefined) throw invalid('name', 'is required');
  if (input.url === undefined) throw invalid('url', 'is required');
  const data = checkedFields(input, env);
  const created = await createEndpoint(
    db,
    {
      name: data.name!,
      baseUrl: data.baseUrl!,
      keyEnv: data.keyEnv ?? null,
      keySealed: data.keySealed ?? null,
      concurrency: data.concurrency ?? 1,
      timeoutSeconds: data.timeoutSeconds ?? 120,
      requestsPerMinute: data.requestsPerMinute ?? null,
    },
    actor.id,
  );
  if (!created) throw new AppError('CONFLICT', `An endpoint named ${input.name} exists already.`);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'model-endpoint.create',
    targetType: 'ModelEndpoint',
    targetId: created.id,
    details: auditDetails(data),
  });
  return created;
}

export async function changeEndpoint(
  db: Db,
  actor: { id: number | null },
  idOrName: string,
  input: EndpointInput,
  env = process.env,
) {
  const current = await getEndpoint(db, idOrName);
  if (!current) throw new AppError('NOT_FOUND', 'That model endpoint does not exist.');
  const data = checkedFields(input, env);
  const updated = await updateEndpoint(db, current.id, data);
  if (updated === 'taken') throw new AppError('CONFLICT', `An endpoint named ${input.name} exists already.`);
  if (!updated) throw new AppError('NOT_FOUND', 'That model endpoint does not exist.');
  await recordAudit(db, {
    actorId: actor.id,
    action: 'model-endpoint.update',
    targetType: 'ModelEndpoint',
    targetId: current.id,
    details: auditDetails(data),
  });
  return updated;
}

export async function removeEndpoint(db: Db, actor: { id: number | null }, idOrName: string): Promise<void> {
  const current = await getEndpoint(db, idOrName);
  if (!current) throw new AppError('NOT_FOUND', 'That model endpoint does not exist.');
  const outcome = await deleteEndpoint(db, current.id);
  if (outcome === 'busy') throw new AppError('CONFLICT', `A model run waits for or runs on ${current.name}: cancel it first.`);
  await recordAudit(db, {
    actorId: actor.id,
    action: 'model-endpoint.delete',
    targetType: 'ModelEndpoint',
    targetId: current.id,
    details: { name: current.name },
  });
}

/** The server's model list for the run form's drop-down, or why it could not be read (typing a name stays possible). */
export async function endpointModels(
  db: Db,
  idOrName: string,
  env = process.env,
): Promise<{ models: string[]; problem: string | null }> {
  const view = await getEndpoint(db, idOrName);
  const endpoint = view ? await getEndpointForRun(db, view.id) : null;
  if (!endpoint) throw new AppError('NOT_FOUND', 'That model endpoint does not exist.');
  try {
    const apiKey = resolveEndpointKey(endpoint, env);
    const models = await listModels({
      name: endpoint.name,
      baseUrl: endpoint.baseUrl,
      apiKey,
      timeoutMs: Math.min(15, endpoint.timeoutSeconds) * 1000,
    });
    return { models, problem: null };
  } catch (error) {
    return { models: [], problem: error instanceof Error ? error.message : String(error) };
  }
}
