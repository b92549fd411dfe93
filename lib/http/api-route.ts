/**
 * The one wrapper around every `/api/v1` route handler: authenticate (lib/auth/request-auth.ts: the
 * browser session, refusing cross-site cookie requests that change things, or `Authorization: Bearer
 * <token>` acting with the token's user's current role, refused on a `sessionOnly` contract), then
 * lib/http/api-core.ts: check the role the contract names, validate params, query and body with
 * the contract's zod schemas (400 with the fields that are wrong), call the handler, and answer
 * errors in the one JSON error shape.
 */
import { NextResponse, type NextRequest } from 'next/server';
import type { ApiContract } from '@/lib/api/contract';
import { authenticateRequest } from '@/lib/auth/request-auth';
import { withAuditChannel } from '@/lib/runtime/audit-channel';
import { apiErrorJson, prepareApiCall, type ApiCall, type ApiJson } from './api-core';

export interface ApiContext<C extends ApiContract> extends ApiCall<C> {
  request: NextRequest;
}

/** What a handler returns: a status with a JSON body (none for 204), or a ready Response (streams). */
export type ApiResult = ApiJson | Response;

function jsonResponse({ status, body }: ApiJson): Response {
  return status === 204 || body === undefined ? new Response(null, { status }) : NextResponse.json(body, { status });
}

function apiErrorResponse(error: unknown): Response {
  return jsonResponse(apiErrorJson(error));
}

export function apiRoute<C extends ApiContract>(contract: C, handler: (ctx: ApiContext<C>) => Promise<ApiResult>) {
  return async (request: NextRequest, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      const auth = await authenticateRequest(request, {
        changesState: contract.changesState,
        sessionOnly: contract.sessionOnly,
      });
      const call = await prepareApiCall(contract, auth, {
        params: await context.params,
        query: Object.fromEntries(request.nextUrl.searchParams),
        readBody: () => request.text(),
      });
      const result = await withAuditChannel(auth.via === 'token' ? 'api' : 'web', () => handler({ ...call, request }));
      return result instanceof Response ? result : jsonResponse(result);
    } catch (error) {
      return apiErrorResponse(error);
    }
  };
}
