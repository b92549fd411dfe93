/**
 * bench:annotate --instances M: M instances of `npm start` on the bench's database (each its own
 * PARALENS_HOME, the same DATABASE_URL and AUTH_SECRET, TRUSTED_PROXY_HOPS=1 as deploy/nginx.conf
 * asks) behind Debian's nginx running the repository's deploy/nginx.conf (scripts/lib/local-proxy.ts).
 * The CPU counted for "the web server" is the instances' and nginx's together.
 */
import type { ChildProcess } from 'node:child_process';
import type { OpenedDatabase } from '@/lib/runtime/bootstrap';
import { startLocalProxy } from '../../lib/local-proxy';
import { startInstances } from './bench-server';
import { childPidsNamed } from './process-tree-cpu';

export interface BehindProxy {
  servers: ChildProcess[];
  homes: string[];
  /** the instances' launchers and nginx's master process */
  pids: number[];
  baseUrl: string;
  stopProxy: () => Promise<void>;
}

export async function startBehindProxy(database: OpenedDatabase, count: number, processes: number): Promise<BehindProxy> {
  const started = await startInstances(database, count, processes, { TRUSTED_PROXY_HOPS: '1' });
  const proxy = await startLocalProxy('nginx', started.ports);
  console.log(`nginx (deploy/nginx.conf, 1 worker) on ${proxy.url} in front of ports ${started.ports.join(', ')}`);
  return {
    servers: started.servers,
    homes: started.homes,
    pids: [...started.servers.map((s) => s.pid!), ...childPidsNamed(process.pid, 'nginx')],
    baseUrl: proxy.url,
    stopProxy: () => proxy.stop(),
  };
}
