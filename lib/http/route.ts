/**
 * The one wrapper around every route handler: authenticate (session cookie, or later an API token;
 * a cookie-authenticated request that changes something must carry this site's Origin), check the
 * role, validate the query with zod, call the handler; AppErrors become JSON with their status,
 * anything else a logged 500.
 */
import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import { AppError, isAppError } from '@/lib/errors/app-error';
import { logUnexpectedError, unexpectedErrorMessage } from '@/lib/errors/error-reference';
import type { RoleName } from '@/lib/access/roles';
import { assertRole, type CurrentUser } from '@/lib/auth/guards';
import { authenticateRequest } from '@/lib/auth/request-auth';
import { plainError } from '@/lib/validation/plain-errors';

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

export function errorResponse(error: unknown): NextResponse {
  if (isAppError(error)) {
    return NextResponse.json({ error: { code: error.code, message: error.message } }, { status: error.status });
  }
  const reference = logUnexpectedError(error, 'route handler');
  return NextResponse.json({ error: { code: 'INTERNAL', message: unexpectedErrorMessage(reference), reference } }, { status: 500 });
}

export function defineRoute<Q extends z.ZodType = z.ZodType<Record<string, never>>>(def: RouteDefinition<Q>) {
  return async (request: NextRequest, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      const { user } = await authenticateRequest(request);
      assertRole(user, def.roles);
      let query = {} as z.infer<Q>;
      if (def.query) {
        const parsed = def.query.safeParse(Object.fromEntries(request.nextUrl.searchParams), { error: plainError });
        if (!parsed.success) throw new AppError('INVALID_INPUT', parsed.error.issues.map((i) => i.message).join('; '));
        query = parsed.data;
      }
      const result = await def.handler({ request, user, query, params: await context.params });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
