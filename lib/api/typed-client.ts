/**
 * The one way a screen calls the HTTP API: `callApi(contract, input)` builds the request from a
 * contract of lib/api/contracts (method, path, query, JSON body) and checks the answer against the
 * contract's own response schema for that status, so no screen mirrors a schema by hand. It answers
 * a result instead of throwing, and `apiErrorMessage` is the one reader of the API's error body
 * (`{"error": {"code", "message", "fields"?}}`, lib/api/error-body.ts). docs/decisions/015 says why
 * screens write through /api/v1; `fetch` in components and app code is a lint error
 * (scripts/lint/boundaries.mjs). No React, no Next.js; `fetch` is injectable for tests.
 */
import type { z } from 'zod';
import type { ApiContract } from './contract';
import { apiErrorSchema } from './error-body';

/** The error body, with whatever a route adds beside `error` (a 409 of a submission carries `current`). */
export type ApiErrorBody = z.infer<typeof apiErrorSchema> & Record<string, unknown>;

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  /** no answer from the server at all (offline, aborted, timed out) */
  | { ok: false; kind: 'network'; message: string }
  /** the server answered with an error status (body parsed when it was our JSON error) */
  | { ok: false; kind: 'http'; status: number; body: ApiErrorBody | null; message: string }
  /** a success status whose body is not what the contract promises */
  | { ok: false; kind: 'bad-response'; status: number; message: string };

export type ApiFailure = Extract<ApiResult<unknown>, { ok: false }>;

type SuccessStatus<C extends ApiContract> = Extract<keyof C['responses'], 200 | 201 | 202 | 204>;
type DataAt<Spec> = Spec extends { schema: infer S extends z.ZodType } ? z.output<S> : null;
/** What a successful call answers: the union of the contract's success bodies (null for a 204). */
export type ApiData<C extends ApiContract> = { [S in SuccessStatus<C>]: DataAt<C['responses'][S]> }[SuccessStatus<C>];

/** The client never changes what it sends, so a screen may hand over readonly arrays and objects. */
type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

type InputOf<S> = Exclude<S, undefined> extends z.ZodType ? z.input<Exclude<S, undefined>> : never;

export interface ApiInput<C extends ApiContract> {
  /** the path's `{name}` parts */
  params?: { [K in keyof InputOf<C['params']>]: string | number };
  /** query parameters; undefined ones are left out */
  query?: { [K in keyof InputOf<C['query']>]?: string | number | boolean };
  /** sent as JSON */
  body?: DeepReadonly<InputOf<C['body']>>;
  /** sent as it is (a file for the routes that read one), with `contentType` */
  rawBody?: Blob | string;
  contentType?: string;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  fetch?: FetchLike;
  /** a request without an answer by then counts as a network failure (default: no limit) */
  timeoutMs?: number;
  /** the message for an error status whose body is not the API's JSON */
  describeStatus?: (status: number) => string;
  /** the message for a request that got no answer, and for one that timed out */
  networkMessage?: string;
  timeoutMessage?: string;
}

const defaultStatusMessage = (status: number) => `The server answered ${status}.`;

/** The one error reader: the API's own sentence when the body is our JSON error, otherwise `describeStatus`. */
export function apiErrorMessage(status: number, body: unknown, describeStatus = defaultStatusMessage): string {
  const parsed = apiErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error.message : describeStatus(status);
}

/** Per-field messages of a 400 keyed by the form's names (`body.url` → `url`), for `Field`'s `error`. */
export function apiFieldErrors(result: ApiResult<unknown>): Record<string, string> {
  const fields = !result.ok && result.kind === 'http' ? (result.body?.error.fields ?? {}) : {};
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [key.replace(/^(body|query)\./, ''), message]));
}

/** The contract's path with its `{name}` parts filled in and the query appended. */
export function apiPath<C extends ApiContract>(contract: C, input: Pick<ApiInput<C>, 'params' | 'query'> = {}): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${contract.path} needs the parameter ${name}.`);
    return encodeURIComponent(String(params[name]));
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, string | number | boolean | undefined>))
    if (value !== undefined) query.set(key, String(value));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readJson(response: Response): Promise<{ json: unknown } | null> {
  try {
    return { json: await response.json() };
  } catch {
    return null;
  }
}

export function createApiClient(options: ApiClientOptions = {}) {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const describeStatus = options.describeStatus ?? defaultStatusMessage;

  async function send(path: string, init: RequestInit): Promise<Response | ApiFailure> {
    try {
      const signal =
        options.timeoutMs !== undefined && typeof AbortSignal.timeout === 'function'
          ? AbortSignal.timeout(options.timeoutMs)
          : undefined;
      return await doFetch(path, { cache: 'no-store', credentials: 'same-origin', signal, ...init });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        ok: false,
        kind: 'network',
        message: timedOut
          ? (options.timeoutMessage ?? 'The server did not answer in time; try again.')
          : (options.networkMessage ?? 'The server could not be reached; try again.'),
      };
    }
  }

  /** An error answer: the body read with the contract's schema for that status when it names one (a 409 with `current`). */
  async function failure(response: Response, schema: z.ZodType = apiErrorSchema): Promise<ApiFailure> {
    const read = await readJson(response);
    const parsed = schema.safeParse(read?.json);
    const body = parsed.success ? (parsed.data as ApiErrorBody) : null;
    return {
      ok: false,
      kind: 'http',
      status: response.status,
      body,
      message: apiErrorMessage(response.status, body, describeStatus),
    };
  }

  /** One call of a contract's route; the answer is checked against the contract's schema for its status. */
  async function call<C extends ApiContract>(contract: C, input: ApiInput<C> = {}): Promise<ApiResult<ApiData<C>>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: BodyInit | undefined;
    if (input.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    } else if (input.rawBody !== undefined) {
      if (input.contentType) headers['content-type'] = input.contentType;
      body = input.rawBody;
    }
    const response = await send(apiPath(contract, input), { method: contract.method, headers, body });
    if (!(response instanceof Response)) return response;
    if (!response.ok) return failure(response, contract.responses[response.status]?.schema);
    const status = response.status;
    const spec = contract.responses[status];
    if (status === 204 || (spec && !spec.schema)) {
      return spec && !spec.schema
        ? { ok: true, status, data: null as ApiData<C> }
        : { ok: false, kind: 'bad-response', status, message: 'The server answered with no content.' };
    }
    const read = await readJson(response);
    if (!read) return { ok: false, kind: 'bad-response', status, message: 'The server answered something that is not JSON.' };
    if (!spec?.schema)
      return {
        ok: false,
        kind: 'bad-response',
        status,
        message: `The server answered ${status}, which this call does not expect.`,
      };
    const parsed = spec.schema.safeParse(read.json);
    if (!parsed.success)
      return {
        ok: false,
        kind: 'bad-response',
        status,
        message: `Unexpected answer from the server: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      };
    return { ok: true, status, data: parsed.data as ApiData<C> };
  }

  /**
   * A GET of a JSON route outside /api/v1 (the job progress the pages poll: /api/imports/{id} and the
   * like), typed by the caller; errors read as for `call`.
   */
  async function getJson<T>(path: string): Promise<ApiResult<T>> {
    const response = await send(path, { headers: { accept: 'application/json' } });
    if (!(response instanceof Response)) return response;
    if (!response.ok) return failure(response);
    const read = await readJson(response);
    return read
      ? { ok: true, status: response.status, data: read.json as T }
      : { ok: false, kind: 'bad-response', status: response.status, message: 'The server answered something that is not JSON.' };
  }

  return { call, getJson };
}

export type ApiClient = ReturnType<typeof createApiClient>;

const browserClient = createApiClient();

/** `createApiClient().call` with the browser's fetch and the default messages. */
export const callApi = browserClient.call;
export const getJson = browserClient.getJson;
