/**
 * The address a request comes from, as the Paralens web server (lib/runtime/web-server.ts) found
 * it: the socket's peer, or the address TRUSTED_PROXY_HOPS selects from X-Forwarded-For. That
 * server strips any incoming value of the header, so it is only believed when that server runs in
 * this process; under a plain `next start` or `next dev` the address is unknown (null).
 */
import { clientAddressHeader, clientAddressMarker, normaliseAddress } from '@/lib/access/client-address';

let warned = false;

export function requestClientAddress(headers: Headers): string | null {
  const servedByParalens = (globalThis as Record<symbol, unknown>)[clientAddressMarker] === true;
  if (!servedByParalens) {
    if (!warned)
      console.warn('[auth] client addresses are unknown: serve Paralens with `npm start` (scripts/serve.ts), not `next start`.');
    warned = true;
    return null;
  }
  return normaliseAddress(headers.get(clientAddressHeader));
}
