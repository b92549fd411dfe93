/**
 * The workbench's only way to the server: typed helpers for the /api/v1 routes it uses, built from
 * the contracts' zod schemas (lib/api/contracts), so the browser speaks the same HTTP API as
 * scripts do. Every helper answers a result instead of throwing: the outbox needs to tell a
 * network failure (retry) from a conflict (ask the annotator) from a rejection (show it).
 * No React here; `fetch` is injectable for tests.
 */
import { z } from 'zod';
import { apiErrorSchema } from '@/lib/api/errors';
import { storedAnnotationSchema, type SubmitAnnotationBody } from '@/lib/api/contracts/annotations';
import { campaignProgressSchema, nextPairSchema } from '@/lib/api/contracts/campaigns';
import { answersSchema, questionSchema } from '@/lib/api/contracts/shared';

/** GET /api/v1/campaigns/{id} 200 (mirrors the contract; api-client.test.ts checks they are equal). */
export const campaignViewSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  status: z.enum(['DRAFT', 'ACTIVE', 'PAUSED', 'CLOSED']),
  questions: z.array(questionSchema),
  guidelines: z.string(),
  overlap: z.number().int(),
  wordingVersion: z.number().int(),
  archived: z.boolean(),
  progress: campaignProgressSchema,
});

/** GET /api/v1/campaigns/{id}/annotations/mine 200 (mirrors the contract). */
export const myAnnotationsPageSchema = z.object({
  annotations: z.array(
    storedAnnotationSchema.extend({
      texts: z.tuple([z.string(), z.string()]),
      history: z.array(z.object({ version: z.number().int(), answers: answersSchema, createdAt: z.string() })),
    }),
  ),
  nextBefore: z.number().int().nullable(),
});

/** The 409 body of a submission: `current` is there for a stale baseVersion. */
export const submitConflictSchema = apiErrorSchema.extend({ current: storedAnnotationSchema.optional() });

export type CampaignView = z.infer<typeof campaignViewSchema>;
export type NextPair = z.infer<typeof nextPairSchema>;
export type StoredAnnotation = z.infer<typeof storedAnnotationSchema>;
export type MyAnnotation = z.infer<typeof myAnnotationsPageSchema>['annotations'][number];
export type MyAnnotationsPage = z.infer<typeof myAnnotationsPageSchema>;
export type ApiErrorBody = z.infer<typeof submitConflictSchema>;

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  /** no answer from the server at all (offline, aborted, timed out) */
  | { ok: false; kind: 'network'; message: string }
  /** the server answered with an error status (body parsed when it was our JSON error) */
  | { ok: false; kind: 'http'; status: number; body: ApiErrorBody | null; message: string }
  /** a success status whose body is not what the contract promises */
  | { ok: false; kind: 'bad-response'; status: number; message: string };

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ApiClientOptions {
  fetch?: FetchLike;
  /** a request without an answer by then counts as a network failure (default 15 s) */
  timeoutMs?: number;
}

const JSON_HEADERS = { accept: 'application/json' };

async function readErrorBody(response: Response): Promise<ApiErrorBody | null> {
  try {
    const parsed = submitConflictSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function statusMessage(status: number): string {
  if (status === 401) return 'You are signed out. Sign in again (your answers wait here).';
  if (status >= 500) return `The server had a problem (HTTP ${status}).`;
  return `The server refused the request (HTTP ${status}).`;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 15_000;

  /** `emptyOk`: a 204 is a valid answer (data null); otherwise it is a bad response. */
  async function call<T>(
    path: string,
    schema: z.ZodType<T>,
    init: RequestInit = {},
    emptyOk = false,
  ): Promise<ApiResult<T | null>> {
    let response: Response;
    try {
      const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(timeoutMs) : undefined;
      response = await doFetch(path, {
        cache: 'no-store',
        credentials: 'same-origin',
        signal,
        ...init,
        headers: { ...JSON_HEADERS, ...(init.headers as Record<string, string> | undefined) },
      });
    } catch (error) {
      return {
        ok: false,
        kind: 'network',
        message:
          error instanceof Error && error.name === 'TimeoutError'
            ? 'The server did not answer in time.'
            : 'No connection to the server.',
      };
    }
    if (!response.ok) {
      const body = await readErrorBody(response);
      return {
        ok: false,
        kind: 'http',
        status: response.status,
        body,
        message: body?.error.message ?? statusMessage(response.status),
      };
    }
    if (response.status === 204) {
      return emptyOk
        ? { ok: true, status: 204, data: null }
        : { ok: false, kind: 'bad-response', status: 204, message: 'The server answered with no content.' };
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      return {
        ok: false,
        kind: 'bad-response',
        status: response.status,
        message: 'The server answered something that is not JSON.',
      };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      return {
        ok: false,
        kind: 'bad-response',
        status: response.status,
        message: `Unexpected answer from the server: ${parsed.error.issues[0]?.message ?? 'invalid'}`,
      };
    return { ok: true, status: response.status, data: parsed.data };
  }

  const base = (campaign: string | number) => `/api/v1/campaigns/${encodeURIComponent(String(campaign))}`;

  return {
    getCampaign: (campaign: string | number) => call(base(campaign), campaignViewSchema) as Promise<ApiResult<CampaignView>>,
    /** 200 with a pair, or ok with data null for 204 (nothing left) */
    getNextPair: (campaign: string | number) => call(`${base(campaign)}/next`, nextPairSchema, {}, true),
    submitAnnotation: (campaign: string | number, body: SubmitAnnotationBody) =>
      call(`${base(campaign)}/annotations`, storedAnnotationSchema, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }) as Promise<ApiResult<StoredAnnotation>>,
    /** POST …/skip: 204 (data null) when the held pair went back to the pool */
    skipPair: (campaign: string | number, pairId: number) =>
      call(
        `${base(campaign)}/skip`,
        z.null(),
        { method: 'POST', body: JSON.stringify({ pairId }), headers: { 'content-type': 'application/json' } },
        true,
      ),
    getMyAnnotations: (campaign: string | number, page: { limit?: number; before?: number } = {}) => {
      const query = new URLSearchParams();
      if (page.limit !== undefined) query.set('limit', String(page.limit));
      if (page.before !== undefined) query.set('before', String(page.before));
      const qs = query.toString();
      return call(`${base(campaign)}/annotations/mine${qs ? `?${qs}` : ''}`, myAnnotationsPageSchema) as Promise<
        ApiResult<MyAnnotationsPage>
      >;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
