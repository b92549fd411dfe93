/**
 * The one wrapper around every route handler: authenticate (session cookie, or later an API token;
 * a cookie-authenticated request that changes something must carry this site's Origin), check the
 * role, validate the query with zod, call the handler. Errors answer in the one shape of /api/v1
 * (api-core.ts): `{"error": {"code", "message", "fields"?}}`, anything unexpected a logged 500.
 */
import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import type { RoleName } from '@/lib/access/roles';
import { assertRole, type CurrentUser } from '@/lib/auth/guards';
import { authenticateRequest } from '@/lib/auth/request-auth';
import { apiErrorJson, parseWith } from './api-core';

interface RouteContext<Q> {
  request: NextRequest;
  user: CurrentUser;
  query: Q;
  params: Record<string, string>;
}

interface RouteDefinition<Q extends z.ZodType> {
  roles: readonly RoleName[];
  query?: Q;
  /** returns a Response, or data to send as JSON */
  handler: (ctx: RouteContext<z.infer<Q>>) => Promise<unknown>;
}

/** The same error shape as /api/v1 (lib/http/api-core.ts): code, message and, for a 400, the wrong fields. */
export function errorResponse(error: unknown): NextResponse {
  const { status, body } = apiErrorJson(error);
  return NextResponse.json(body, { status });
}

export function defineRoute<Q extends z.ZodType = z.ZodType<Record<string, never>>>(def: RouteDefinition<Q>) {
  return async (request: NextRequest, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      const { user } = await authenticateRequest(request);
      assertRole(user, def.roles);
      const query = parseWith(def.query, Object.fromEntries(request.nextUrl.searchParams), 'query');
      const result = await def.handler({ request, user, query, params: await context.params });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
