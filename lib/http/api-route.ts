/**
 * The one wrapper around every `/api/v1` route handler: authenticate (lib/auth/request-auth.ts: the
 * browser session, refusing cross-site cookie requests that change things, or `Authorization: Bearer
 * <token>` acting with the token's user's current role), check the role the contract names, validate params, query and
 * body with the contract's zod schemas (400 with the fields that are wrong), call the handler, and
 * answer AppErrors as JSON with their status; anything else is logged with a reference (500).
 */
import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import type { ApiContract } from '@/lib/api/contract';
import { AppError, isAppError } from '@/lib/errors/app-error';
import { logUnexpectedError, unexpectedErrorMessage } from '@/lib/errors/error-reference';
import type { CurrentUser } from '@/lib/auth/guards';
import { authenticateRequest } from '@/lib/auth/request-auth';

/** The parsed value of an optional contract schema (the property's type includes undefined, hence the Exclude). */
type Parsed<S, Otherwise> = Exclude<S, undefined> extends z.ZodType ? z.infer<Exclude<S, undefined>> : Otherwise;

export interface ApiContext<C extends ApiContract> {
  request: NextRequest;
  user: CurrentUser;
  /** how the caller authenticated */
  via: 'session' | 'token';
  params: Parsed<C['params'], Record<string, never>>;
  query: Parsed<C['query'], Record<string, never>>;
  body: Parsed<C['body'], undefined>;
}

/** What a handler returns: a status with a JSON body (none for 204), or a ready Response (streams). */
export type ApiResult = { status: number; body?: unknown } | Response;

function fieldsOf(error: z.ZodError, prefix: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix;
    fields[key] ??= issue.message;
  }
  return fields;
}

function parseWith<S extends z.ZodType>(schema: S | undefined, value: unknown, prefix: string): z.infer<S> {
  if (!schema) return {} as z.infer<S>;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error, prefix);
    throw new AppError('INVALID_INPUT', `Invalid ${prefix}: ${Object.entries(fields).map(([k, m]) => `${k} ${m}`).join('; ')}`, { fields });
  }
  return parsed.data;
}

export function errorBody(error: AppError): Record<string, unknown> {
  const details = (error.details ?? {}) as Record<string, unknown>;
  const { fields, ...rest } = details;
  return { error: { code: error.code, message: error.message, ...(fields ? { fields } : {}) }, ...rest };
}

export function apiErrorResponse(error: unknown): Response {
  if (isAppError(error)) return NextResponse.json(errorBody(error), { status: error.status });
  const reference = logUnexpectedError(error, 'API route');
  return NextResponse.json({ error: { code: 'INTERNAL', message: unexpectedErrorMessage(reference), reference } }, { status: 500 });
}

export function apiRoute<C extends ApiContract>(contract: C, handler: (ctx: ApiContext<C>) => Promise<ApiResult>) {
  return async (request: NextRequest, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      const { user, via } = await authenticateRequest(request);
      if (!contract.roles.includes(user.role)) throw new AppError('FORBIDDEN', 'Your role may not do this.');
      const params = parseWith(contract.params, await context.params, 'params');
      const query = parseWith(contract.query, Object.fromEntries(request.nextUrl.searchParams), 'query');
      let body: unknown;
      if (contract.body) {
        const text = await request.text();
        let json: unknown;
        try {
          json = text.length === 0 ? undefined : JSON.parse(text);
        } catch {
          throw new AppError('INVALID_INPUT', 'The body must be JSON.', { fields: { body: 'is not valid JSON' } });
        }
        body = parseWith(contract.body, json, 'body');
      }
      const result = await handler({ request, user, via, params, query, body } as ApiContext<C>);
      if (result instanceof Response) return result;
      return result.status === 204 || result.body === undefined ? new Response(null, { status: result.status }) : NextResponse.json(result.body, { status: result.status });
    } catch (error) {
      return apiErrorResponse(error);
    }
  };
}
