/**
 * One HTTP API contract per `/api/v1` route: method, path, who may call it, and the zod schemas of
 * its parameters, query, body and responses. Route handlers validate with these schemas
 * (lib/http/api-route.ts) and the OpenAPI document is generated from the same ones
 * (lib/api/openapi.ts), so documentation and validation cannot drift apart. Pure: zod only.
 */
import type { z } from 'zod';
import type { RoleName } from '@/lib/access/roles';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponseSpec {
  description: string;
  /** JSON body schema; absent for bodiless responses (204) */
  schema?: z.ZodType;
  /** default application/json; streaming routes say e.g. application/x-ndjson (schema = one line) */
  contentType?: string;
}

export type ApiResponses = Readonly<Record<number, ApiResponseSpec>>;

export interface ApiContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends ApiResponses = ApiResponses,
> {
  method: HttpMethod;
  /** OpenAPI style: /api/v1/campaigns/{id}/next */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** roles that may call it at all; membership and ownership are checked by the handler */
  roles: readonly RoleName[];
  /**
   * a GET that changes something (claims a hold): a cookie request must come from this site as for
   * a POST (Origin, or Sec-Fetch-Site same-origin/none; lib/access/request-origin.ts)
   */
  changesState?: boolean;
  /**
   * only a browser session may call it, never an API token (403): minting tokens and administering
   * accounts, so a leaked token cannot outlive its revocation or open accounts (docs/decisions/016)
   */
  sessionOnly?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** by status; the typed client (lib/api/typed-client.ts) reads the success schemas from here */
  responses: R;
}

export function defineContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  const R extends ApiResponses = ApiResponses,
>(contract: ApiContract<P, Q, B, R>): ApiContract<P, Q, B, R> {
  return contract;
}

/** The Next.js route segment path for a contract path: /api/v1/pairs/{id} → api/v1/pairs/[id]. */
export function routeFileFor(path: string): string {
  return `app${path.replace(/\{(\w+)\}/g, '[$1]')}/route.ts`;
}
