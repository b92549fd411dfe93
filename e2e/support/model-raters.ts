/**
 * For the model-rater specs and the e2e set-up: an API session (a written session cookie), an
 * OpenAI-compatible stand-in registered as an endpoint through the API, and waiting for a run's
 * status. No model is downloaded or called: the stand-in answers deterministically
 * (lib/llm/testing/openai-stand-in.ts).
 */
import { request, type APIRequestContext } from '@playwright/test';
import { storageStateFor } from './session';
import { startOpenAiStandIn, type OpenAiStandIn, type StandInBehaviour } from '@/lib/llm/testing/openai-stand-in';

export const DEMO_CAMPAIGN = 'paws-wiki-demo-study';

/** A request context signed in as `email` (a written session cookie), sending this site's Origin as the app's pages do. */
export async function apiSession(baseURL: string, email: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL,
    storageState: await storageStateFor(baseURL, email),
    extraHTTPHeaders: { origin: baseURL },
  });
}

/** Starts a stand-in and registers it as endpoint `name` (or points the endpoint of that name at it). */
export async function standInEndpoint(
  admin: APIRequestContext,
  name: string,
  behaviour: Partial<StandInBehaviour> = {},
  limits: { concurrency?: number; timeoutSeconds?: number } = {},
): Promise<OpenAiStandIn> {
  const standIn = await startOpenAiStandIn(behaviour);
  const body = { url: standIn.url, concurrency: limits.concurrency ?? 4, timeoutSeconds: limits.timeoutSeconds ?? 30 };
  const created = await admin.post('/api/v1/model-endpoints', { data: { name, ...body } });
  if (created.status() === 409) {
    const changed = await admin.patch(`/api/v1/model-endpoints/${name}`, { data: body });
    if (!changed.ok()) throw new Error(`could not point endpoint ${name} at the stand-in: ${await changed.text()}`);
  } else if (created.status() !== 201) throw new Error(`could not add endpoint ${name}: ${await created.text()}`);
  return standIn;
}

export interface RunState {
  id: number;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  requestsDone: number;
  requestsTotal: number;
  message: string | null;
}

/** Polls the run until `until` says so (or the time is up: then throws with its last state). */
export async function waitForRun(
  api: APIRequestContext,
  id: number,
  until: (run: RunState) => boolean,
  timeoutMs = 180_000,
): Promise<RunState> {
  const end = Date.now() + timeoutMs;
  let last: RunState | null = null;
  while (Date.now() < end) {
    const res = await api.get(`/api/v1/model-runs/${id}`);
    if (res.ok()) {
      last = (await res.json()) as RunState;
      if (until(last)) return last;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`model run #${id} did not get there in ${timeoutMs / 1000} s: ${JSON.stringify(last)}`);
}
