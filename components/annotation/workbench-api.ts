/**
 * The workbench's calls of /api/v1, on the one typed client (lib/api/typed-client.ts): each helper names
 * its contract, so the request and the answer's schema are the contract's own. Every helper answers
 * a result instead of throwing: the outbox needs to tell a network failure (retry) from a conflict
 * (ask the annotator) from a rejection (show it). A request unanswered after 15 s counts as a
 * network failure. No React here; `fetch` is injectable for tests.
 */
import type { z } from 'zod';
import {
  createApiClient as createTypedClient,
  type ApiData,
  type ApiResult as TypedResult,
  type FetchLike,
} from '@/lib/api/typed-client';
import { myAnnotationsContract, submitAnnotationContract, type SubmitAnnotationBody } from '@/lib/api/contracts/annotations';
import { getCampaignContract, nextPairContract } from '@/lib/api/contracts/campaigns';
import { skipPairContract as skipPairContract } from '@/lib/api/contracts/holds';

export type { FetchLike };

/** The 409 body of a submission: `current` is there for a stale baseVersion. */
export const submitConflictSchema = submitAnnotationContract.responses[409].schema;

export type CampaignView = ApiData<typeof getCampaignContract>;
export type NextPair = NonNullable<ApiData<typeof nextPairContract>>;
export type StoredAnnotation = ApiData<typeof submitAnnotationContract>;
export type MyAnnotationsPage = ApiData<typeof myAnnotationsContract>;
export type MyAnnotation = MyAnnotationsPage['annotations'][number];
export type ApiErrorBody = z.infer<typeof submitConflictSchema>;

/** The client's result, with the error body of the workbench's calls (a submission's 409 carries `current`). */
export type ApiResult<T> =
  | Exclude<TypedResult<T>, { kind: 'http' }>
  | { ok: false; kind: 'http'; status: number; body: ApiErrorBody | null; message: string };

export interface ApiClientOptions {
  fetch?: FetchLike;
  /** a request without an answer by then counts as a network failure (default 15 s) */
  timeoutMs?: number;
}

function statusMessage(status: number): string {
  if (status === 401) return 'You are signed out. Sign in again (your answers wait here).';
  if (status >= 500) return `The server had a problem (HTTP ${status}).`;
  return `The server refused the request (HTTP ${status}).`;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const { call } = createTypedClient({
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 15_000,
    describeStatus: statusMessage,
    networkMessage: 'No connection to the server.',
    timeoutMessage: 'The server did not answer in time.',
  });
  const id = (campaign: string | number) => ({ id: campaign });

  return {
    getCampaign: (campaign: string | number) =>
      call(getCampaignContract, { params: id(campaign) }) as Promise<ApiResult<CampaignView>>,
    /** 200 with a pair, or ok with data null for 204 (nothing left) */
    getNextPair: (campaign: string | number) =>
      call(nextPairContract, { params: id(campaign) }) as Promise<ApiResult<NextPair | null>>,
    submitAnnotation: (campaign: string | number, body: SubmitAnnotationBody) =>
      call(submitAnnotationContract, { params: id(campaign), body }) as Promise<ApiResult<StoredAnnotation>>,
    /** POST …/skip: 204 (data null) when the held pair went back to the pool */
    skipPair: (campaign: string | number, pairId: number) =>
      call(skipPairContract, { params: id(campaign), body: { pairId } }) as Promise<ApiResult<null>>,
    getMyAnnotations: (campaign: string | number, page: { limit?: number; before?: number } = {}) =>
      call(myAnnotationsContract, { params: id(campaign), query: { limit: page.limit, before: page.before } }) as Promise<
        ApiResult<MyAnnotationsPage>
      >,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
