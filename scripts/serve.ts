/**
 * The web server process that `npm start` runs (instead of `next start`): serves the production
 * build through lib/runtime/web-server.ts on --port/--host (`--dev`: Next.js's development server,
 * for `npm run dev`). TRUSTED_PROXY_HOPS says how many reverse
 * proxies in front of it to believe; PARALENS_DEMO, AUTH_URL and PARALENS_ALLOWED_HOSTS which host
 * names it answers to (lib/access/allowed-hosts.ts). Stops on SIGTERM/SIGINT.
 */
import { parseArgs } from 'node:util';
import { configProblems, setting } from '@/lib/config/settings';
import { hostPolicyFromEnv, openHostWarning } from '@/lib/access/allowed-hosts';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { startWebServer } from '@/lib/runtime/web-server';

const { values } = parseArgs({ options: { port: { type: 'string' }, host: { type: 'string' }, dev: { type: 'boolean' } } });
const port = Number(values.port);
const hostname = values.host ?? '127.0.0.1';
const [problem] = configProblems();
if (!Number.isInteger(port) || problem) {
  console.error(`paralens: ${problem ? `${problem.message} ${problem.hint}` : 'serve needs --port N.'}`);
  process.exit(2);
}
const trustedProxyHops = setting('TRUSTED_PROXY_HOPS');
const hosts = hostPolicyFromEnv();
if (!hosts.ok) {
  console.error(`paralens: ${hosts.problem}`);
  process.exit(2);
}
const hostPolicy = hosts.policy;

const server = await startWebServer({ dir: projectRoot, hostname, port, trustedProxyHops, hostPolicy, dev: values.dev }).catch(
  (error: unknown) => {
    console.error(`paralens: the web server could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
console.log(`Web server listening on ${hostname}:${port} (trusted proxy hops: ${trustedProxyHops}).`);
const warning = openHostWarning(hostPolicy);
if (warning) console.warn(warning);

function stop(code: number): void {
  server.close(() => process.exit(code));
  server.closeIdleConnections();
  // Open requests get a moment to finish (like `next start`, the process then exits regardless).
  setTimeout(() => process.exit(code), 3_000).unref();
}
process.on('SIGTERM', () => stop(143));
process.on('SIGINT', () => stop(130));
