/**
 * A front door (lib/runtime/front-door.ts) in a process of its own for lib/runtime/front-door.slow.test.ts,
 * with a stand-in for Next.js that does what a route handler's `request.text()` does: reads the whole
 * body into memory. Host policy and limits come from the environment as in scripts/serve.ts. Prints
 * `listening PORT`, then `handled METHOD URL BYTES` for each request the stand-in answered.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostPolicyFromEnv } from '@/lib/access/allowed-hosts';
import { setting } from '@/lib/config/settings';
import { createFrontDoor } from '../front-door';

function standInForNext(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('error', () => undefined); // a body cut off by the front door
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    console.log(`handled ${req.method} ${req.url} ${text.length}`);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ bytes: text.length }));
  });
}

const hosts = hostPolicyFromEnv();
if (!hosts.ok) throw new Error(hosts.problem);
const server = createFrontDoor({ trustedProxyHops: setting('TRUSTED_PROXY_HOPS'), hostPolicy: hosts.policy }, standInForNext);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
