/**
 * The HTTP server in front of Next.js (a custom server: `next({ dev })` and its request handler, see
 * docs/decisions/004; `npm run dev` runs it with `dev: true`, whose hot reload arrives over this
 * server's WebSocket upgrades). It exists because the App Router does not expose the socket:
 * before Next sees a request, this server replaces any incoming client-address header with the
 * address it determined itself (lib/access/client-address.ts), and drops forwarding headers when no
 * proxy is trusted, so nobody can choose their own address by sending X-Forwarded-For; it also
 * refuses unknown host names and bodies over their limit (lib/runtime/front-door.ts).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import next from 'next';
import { directApi } from '@/lib/http/node-api';
import { directRoutes } from '@/lib/http/annotation-routes';
import { healthAnswer } from '@/lib/db/health';
import { clientAddressMarker } from '@/lib/access/client-address';
import type { HostPolicy } from '@/lib/access/allowed-hosts';
import { createFrontDoor } from './front-door';

export interface WebServerOptions {
  dir: string;
  hostname: string;
  port: number;
  trustedProxyHops: number;
  /** which host names to answer to (lib/access/allowed-hosts.ts) */
  hostPolicy: HostPolicy;
  /** Next.js's development server (compiles on request, hot reload) instead of the production build */
  dev?: boolean;
}

function listen(server: Server, port: number, hostname: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Prepares the production build in `dir` (or the development server) and serves it; resolves once the server listens. */
export async function startWebServer(options: WebServerOptions): Promise<Server> {
  const app = next({ dev: options.dev ?? false, dir: options.dir, hostname: options.hostname, port: options.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // The app believes the client-address header only when this server runs in its process.
  (globalThis as Record<symbol, unknown>)[clientAddressMarker] = true;

  const answerDirectly = directApi(directRoutes, [{ path: '/api/health', answer: healthAnswer }]);
  // The front door checks the host name and the body limit first (lib/runtime/front-door.ts).
  const server = createFrontDoor(options, (req: IncomingMessage, res: ServerResponse) => {
    // The annotation hot routes and the health check skip Next.js's router (same contracts and handlers, docs/decisions/007).
    if (answerDirectly(req, res)) return;
    handle(req, res).catch((error: unknown) => {
      console.error('[web] request failed', error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  });
  await listen(server, options.port, options.hostname);
  return server;
}
