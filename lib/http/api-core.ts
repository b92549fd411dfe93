/**
 * The framework-neutral half of every `/api/v1` route: check the caller's role against the
 * contract, validate params, query and body with the contract's zod schemas (400 naming the fields
 * that are wrong), and turn errors into the one JSON error shape (AppErrors with their status;
 * anything else logged with a reference, 500). Two adapters run it: lib/http/api-route.ts (Next.js
 * route handlers) and lib/http/node-api.ts (the web server's direct path for the annotation hot
 * routes, docs/decisions/007). No Next.js imports.
 */
import type { z } from 'zod';
import { plainError } from '@/lib/validation/plain-errors';
import type { ApiContract } from '@/lib/api/contract';
import type { CurrentUser } from '@/lib/auth/session-user';
import { AppError, isAppError } from '@/lib/errors/app-error';
import { logUnexpectedError, unexpectedErrorMessage } from '@/lib/errors/error-reference';

/** The parsed value of an optional contract schema (the property's type includes undefined, hence the Exclude). */
type Parsed<S, Otherwise> = Exclude<S, undefined> extends z.ZodType ? z.infer<Exclude<S, undefined>> : Otherwise;

/** What a handler gets, whichever adapter runs it. */
export interface ApiCall<C extends ApiContract> {
  user: CurrentUser;
  /** how the caller authenticated */
  via: 'session' | 'token';
  params: Parsed<C['params'], Record<string, never>>;
  query: Parsed<C['query'], Record<string, never>>;
  body: Parsed<C['body'], undefined>;
}

/** A JSON answer: a status with a body (none for 204). */
export interface ApiJson {
  status: number;
  body?: unknown;
}

/** The request as both adapters see it before validation. */
export interface RawApiInput {
  params: Record<string, string>;
  query: Record<string, string>;
  /** read only when the contract has a body */
  readBody: () => Promise<string>;
}

function fieldsOf(error: z.ZodError, prefix: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix;
    fields[key] ??= issue.message;
  }
  return fields;
}

/** One part of a request parsed with its schema; a 400 names each wrong field (`query.limit`) in plain words. */
export function parseWith<S extends z.ZodType>(
  schema: S | undefined,
  value: unknown,
  prefix: 'params' | 'query' | 'body',
): z.infer<S> {
  if (!schema) return {} as z.infer<S>;
  const parsed = schema.safeParse(value, { error: plainError });
  if (!parsed.success) {
    const fields = fieldsOf(parsed.error, prefix);
    // "Check the body: name is required; holdMinutes must be at most 1440" (each field also on its own in `fields`)
    const named = Object.entries(fields).map(([k, m]) => `${k === prefix ? '' : `${k.slice(prefix.length + 1)} `}${m}`);
    throw new AppError('INVALID_INPUT', `Check the ${prefix === 'params' ? 'address' : prefix}: ${named.join('; ')}.`, {
      fields,
    });
  }
  return parsed.data;
}

/** Role check and validation: the handler's call, or an AppError (403, 400). */
export async function prepareApiCall<C extends ApiContract>(
  contract: C,
  auth: { user: CurrentUser; via: 'session' | 'token' },
  input: RawApiInput,
): Promise<ApiCall<C>> {
  if (!contract.roles.includes(auth.user.role)) throw new AppError('FORBIDDEN', 'Your role may not do this.');
  const params = parseWith(contract.params, input.params, 'params');
  const query = parseWith(contract.query, input.query, 'query');
  let body: unknown;
  if (contract.body) {
    const text = await input.readBody();
    let json: unknown;
    try {
      json = text.length === 0 ? undefined : JSON.parse(text);
    } catch {
      throw new AppError('INVALID_INPUT', 'The body must be JSON.', { fields: { body: 'is not valid JSON' } });
    }
    body = parseWith(contract.body, json, 'body');
  }
  return { ...auth, params, query, body } as ApiCall<C>;
}

export function errorBody(error: AppError): Record<string, unknown> {
  const details = (error.details ?? {}) as Record<string, unknown>;
  const { fields, ...rest } = details;
  return { error: { code: error.code, message: error.message, ...(fields ? { fields } : {}) }, ...rest };
}

/** The JSON answer for any error: AppErrors keep their status; anything else is logged with a reference. */
export function apiErrorJson(error: unknown): ApiJson {
  if (isAppError(error)) return { status: error.status, body: errorBody(error) };
  const reference = logUnexpectedError(error, 'API route');
  return { status: 500, body: { error: { code: 'INTERNAL', message: unexpectedErrorMessage(reference), reference } } };
}
