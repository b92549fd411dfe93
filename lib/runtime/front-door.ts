/**
 * The checks the web server (lib/runtime/web-server.ts) makes on every request before Next.js or
 * the direct routes see it, in a plain Node HTTP server that tests can start without Next.js:
 * 1. the client-address header from the socket or the trusted proxies (lib/access/client-address.ts);
 *    forwarding headers dropped when no proxy is trusted;
 * 2. the host name: an unknown one is answered 421 (lib/access/allowed-hosts.ts; GET /api/health
 *    is exempt, so load balancers and `npm start` may check it by address);
 * 3. the body limit (lib/http/body-limit.ts): a Content-Length over it is answered 413 at once,
 *    without reading the body; a chunked body is counted as it arrives and, once past the limit,
 *    answered 413 and the connection closed, the rest never buffered.
 * Idle keep-alive connections stay open 65 s, longer than common proxy and load-balancer idle
 * timeouts (60 s), so a proxy never reuses a connection this server is closing.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { apiContentSecurityPolicy, securityHeaders } from '@/lib/access/security-headers';
import { clientAddressHeader, resolveClientAddress } from '@/lib/access/client-address';
import { isAllowedHost, misdirectedMessage, type HostPolicy } from '@/lib/access/allowed-hosts';
import { bodyLimitFor, formatLimit } from '@/lib/http/body-limit';

export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Must exceed the keep-alive timeout: a request's headers may arrive just before an idle connection would close. */
export const HEADERS_TIMEOUT_MS = 66_000;

export interface FrontDoorOptions {
  trustedProxyHops: number;
  hostPolicy: HostPolicy;
  /** for the upload limit (PARALENS_UPLOAD_LIMIT_MB) */
  env?: NodeJS.ProcessEnv;
}

/** Headers only a trusted proxy may set; without one, whatever the client sent is dropped. */
const forwardingHeaders = [
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-real-ip',
  'forwarded',
];

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

/** Rewrites the request's headers in place: the client-address header from the socket (or the trusted proxies). */
export function prepareRequestHeaders(req: IncomingMessage, trustedProxyHops: number): void {
  const socketAddress = req.socket.remoteAddress;
  const address =
    resolveClientAddress(socketAddress, headerValue(req.headers['x-forwarded-for']), trustedProxyHops) ??
    resolveClientAddress(socketAddress, undefined, 0);
  delete req.headers[clientAddressHeader];
  if (trustedProxyHops === 0) for (const name of forwardingHeaders) delete req.headers[name];
  if (address) req.headers[clientAddressHeader] = address;
}

interface Refusal {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const refusalHeaders: Record<string, string> = {
  ...Object.fromEntries(securityHeaders.map(({ key, value }): [string, string] => [key, value])),
  'Content-Security-Policy': apiContentSecurityPolicy,
  'Cache-Control': 'no-store',
  // the request's body is not read: the connection cannot carry another request
  Connection: 'close',
};

function refusal(status: number, contentType: string, body: string): Refusal {
  return {
    status,
    headers: { ...refusalHeaders, 'Content-Type': contentType, 'Content-Length': String(Buffer.byteLength(body)) },
    body,
  };
}

function isApiPath(url: string | undefined): boolean {
  return url === '/api' || /^\/api[/?]/.test(url ?? '');
}

function tooLarge(req: IncomingMessage, limit: number): Refusal {
  const message = `The request body is larger than ${formatLimit(limit)}, the limit for this request.`;
  return isApiPath(req.url)
    ? refusal(413, 'application/json', JSON.stringify({ error: { code: 'TOO_LARGE', message } }))
    : refusal(413, 'text/plain; charset=utf-8', `${message}\n`);
}

/** How long a refused request's connection is drained before it is closed. */
const LINGER_MS = 2_000;

/**
 * Answers a refused request (421, 413) and closes the connection. The answer goes straight onto
 * the socket: Next.js may already have the request (a chunked body), and whatever it writes later
 * is dropped with the connection. Our side closes at once; what the client is still sending is
 * read and dropped, never kept, for at most LINGER_MS, because a connection closed under a client
 * that is still writing is reset, and the reset makes the client lose the answer before it reads
 * it (Apache's and nginx's "lingering close").
 */
function answerAndClose(req: IncomingMessage, res: ServerResponse, { status, headers, body }: Refusal): void {
  const socket = req.socket;
  if (res.headersSent || socket.destroyed) {
    socket.destroy();
    return;
  }
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join(
    '\r\n',
  );
  socket.end(`${head}\r\n\r\n${body}`);
  req.resume();
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * Enforces `limit` on the request's body: false when it was refused at once (Content-Length over
 * the limit). A chunked body is counted where Node's parser hands each piece to the request
 * stream, before any reader sees or buffers it.
 */
function limitBody(req: IncomingMessage, res: ServerResponse, limit: number): boolean {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) {
    answerAndClose(req, res, tooLarge(req, limit));
    return false;
  }
  // Without Transfer-Encoding Node's parser reads exactly Content-Length bytes (none without it).
  if (req.headers['transfer-encoding'] === undefined) return true;
  let received = 0;
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding): boolean => {
    if (received > limit) return true; // refused: the rest is dropped as it arrives
    if (chunk !== null) {
      received += (chunk as Buffer).length;
      if (received > limit) {
        answerAndClose(req, res, tooLarge(req, limit));
        return true;
      }
    }
    return push(chunk, encoding);
  };
  return true;
}

/**
 * The HTTP server with the checks above; `handle` gets every request that passes them (its body
 * still unread). Not yet listening.
 */
export function createFrontDoor(options: FrontDoorOptions, handle: (req: IncomingMessage, res: ServerResponse) => void): Server {
  const { trustedProxyHops, hostPolicy, env = process.env } = options;
  const accept = (req: IncomingMessage, res: ServerResponse, beforeHandle?: () => void): void => {
    prepareRequestHeaders(req, trustedProxyHops);
    const healthCheck = req.method === 'GET' && req.url === '/api/health';
    const hosts = { host: req.headers.host, forwardedHost: headerValue(req.headers['x-forwarded-host']), trustedProxyHops };
    if (!healthCheck && !isAllowedHost(hostPolicy, hosts)) {
      answerAndClose(req, res, refusal(421, 'text/plain; charset=utf-8', misdirectedMessage(hostPolicy)));
      return;
    }
    const limit = bodyLimitFor({ method: req.method, url: req.url, serverAction: req.headers['next-action'] !== undefined }, env);
    if (!limitBody(req, res, limit)) return;
    beforeHandle?.();
    handle(req, res);
  };
  const server = createServer((req, res) => accept(req, res));
  // `Expect: 100-continue`: the client waits for our go-ahead before sending the body, so a refusal costs it nothing.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => accept(req, res, () => res.writeContinue()));
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  return server;
}
