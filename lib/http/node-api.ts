/**
 * The web server's direct path for the annotation hot routes (docs/decisions/007): a request for
 * one of `directRoutes` (next pair, submit, skip) is answered here, on Node's own request and
 * response, instead of going through Next.js's router — same contract, same authentication rules
 * (lib/auth/header-auth.ts; the session cookie read as Auth.js reads it), same handler, same JSON
 * and error shapes, same security headers. Everything else goes on to Next.js. Under `next dev`
 * there is no custom server and the App Router's route files answer these paths with the same handlers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { apiContentSecurityPolicy, securityHeaders } from '@/lib/access/security-headers';
import { authenticateHeaders } from '@/lib/auth/header-auth';
import { userFromSessionCookie, usesSecureCookies } from '@/lib/auth/session-user';
import { AppError } from '@/lib/errors/app-error';
import { apiErrorJson, prepareApiCall, type ApiJson } from './api-core';
import type { JsonRoute } from './annotation-routes';

/** Bodies above this are refused (a submission with a long rationale is a few kilobytes). */
export const MAX_DIRECT_BODY_BYTES = 1 << 20;

interface CompiledRoute {
  route: JsonRoute;
  method: string;
  pattern: RegExp;
  names: string[];
}

/** `/api/v1/campaigns/{id}/next` → a pattern with one group per parameter. */
function compile(route: JsonRoute): CompiledRoute {
  const names: string[] = [];
  const source = route.contract.path
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) {
        names.push(name);
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { route, method: route.contract.method, pattern: new RegExp(`^${source}$`), names };
}

const baseHeaders: Record<string, string> = {
  ...Object.fromEntries(securityHeaders.map(({ key, value }): [string, string] => [key, value])),
  'Content-Security-Policy': apiContentSecurityPolicy,
  'Cache-Control': 'no-store',
};

function send(res: ServerResponse, { status, body }: ApiJson): void {
  if (res.headersSent || res.destroyed) return;
  if (status === 204 || body === undefined) {
    res.writeHead(status, baseHeaders).end();
    return;
  }
  const text = JSON.stringify(body);
  res
    .writeHead(status, { ...baseHeaders, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) })
    .end(text);
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(
          new AppError('INVALID_INPUT', `The body is larger than ${limit.toLocaleString('en')} bytes.`, {
            fields: { body: 'is too large' },
          }),
        );
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  return headers;
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  compiled: CompiledRoute,
  params: Record<string, string>,
  query: URLSearchParams,
): Promise<void> {
  try {
    const headers = headersOf(req);
    const secure = usesSecureCookies(headers.get('x-forwarded-proto') ?? undefined, Boolean((req.socket as TLSSocket).encrypted));
    const auth = await authenticateHeaders(
      compiled.method,
      headers,
      async () => {
        const user = await userFromSessionCookie(headers, secure);
        if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
        return user;
      },
      { changesState: compiled.route.contract.changesState, sessionOnly: compiled.route.contract.sessionOnly },
    );
    const call = await prepareApiCall(compiled.route.contract, auth, {
      params,
      query: Object.fromEntries(query),
      readBody: () => readBody(req, MAX_DIRECT_BODY_BYTES),
    });
    send(res, await compiled.route.handler(call));
  } catch (error) {
    send(res, apiErrorJson(error));
  }
}

/**
 * A public answer at a fixed URL (GET, matched exactly: with a query string it goes on to Next.js;
 * no authentication): the health check.
 */
export interface PublicGet {
  path: string;
  answer: () => Promise<ApiJson>;
}

/**
 * A request listener for the given routes: answers a matching request and returns true, or returns
 * false (the caller hands the request to Next.js).
 */
export function directApi(
  routes: readonly JsonRoute[],
  publicGets: readonly PublicGet[] = [],
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const compiled = routes.map(compile);
  return (req, res) => {
    const url = req.url ?? '';
    const publicGet = req.method === 'GET' ? publicGets.find((p) => p.path === url) : undefined;
    if (publicGet) {
      publicGet.answer().then(
        (a) => send(res, a),
        (error: unknown) => send(res, apiErrorJson(error)),
      );
      return true;
    }
    if (!url.startsWith('/api/v1/')) return false;
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    for (const route of compiled) {
      if (route.method !== req.method) continue;
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      const params: Record<string, string> = {};
      try {
        route.names.forEach((name, i) => (params[name] = decodeURIComponent(match[i + 1]!)));
      } catch {
        return false; // malformed percent-encoding: Next.js answers it as it always has
      }
      void answer(req, res, route, params, new URLSearchParams(q === -1 ? '' : url.slice(q + 1)));
      return true;
    }
    return false;
  };
}
