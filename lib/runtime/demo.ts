/**
 * Demo mode: the embedded database with its demo accounts. The start script sets PARALENS_DEMO=1
 * only when it started the embedded database itself; with DATABASE_URL there are no demo users,
 * and demo accounts cannot sign in (lib/auth/verify-credentials.ts). Demo mode listens on
 * loopback only: start-up refuses any other HOST (scripts/start.ts).
 */
import { isIP } from 'node:net';
import type { RoleName } from '@/lib/access/roles';
import { setting, type Env } from '@/lib/config/settings';

export const demoPassword = 'paralens-demo';

export const demoUsers: ReadonlyArray<{ email: string; name: string; role: RoleName }> = [
  { email: 'admin@paralens.local', name: 'Demo Admin', role: 'ADMIN' },
  { email: 'researcher@paralens.local', name: 'Demo Researcher', role: 'RESEARCHER' },
  { email: 'annotator@paralens.local', name: 'Demo Annotator', role: 'ANNOTATOR' },
];

export function isDemoMode(env: Env = process.env): boolean {
  return setting('PARALENS_DEMO', env);
}

/** Whether a listening address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const value = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (value === 'localhost' || value === '::1') return true;
  const v4 = value.startsWith('::ffff:') ? value.slice(7) : value;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** Why demo mode may not listen on `host` (its accounts share a published password), or null when it may. */
export function demoHostProblem(host: string): { cause: string; hint: string } | null {
  if (isLoopbackHost(host)) return null;
  return {
    cause: `HOST=${host} would put the demo accounts, whose password is published, on the network; demo mode (no DATABASE_URL) serves on 127.0.0.1 only.`,
    hint: 'To serve on the network, set real passwords first: use your own PostgreSQL (set DATABASE_URL and AUTH_SECRET), create the accounts with `npx paralens user create --email … --name … --role admin`, then start with HOST set.',
  };
}
