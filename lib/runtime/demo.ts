/**
 * Demo mode: the embedded database with its demo accounts. The start script sets PARALENS_DEMO=1
 * only when it started the embedded database itself; with DATABASE_URL there are no demo users.
 */
import type { RoleName } from '@/lib/access/roles';

export const demoPassword = 'paralens-demo';

export const demoUsers: ReadonlyArray<{ email: string; name: string; role: RoleName }> = [
  { email: 'admin@paralens.local', name: 'Demo Admin', role: 'ADMIN' },
  { email: 'researcher@paralens.local', name: 'Demo Researcher', role: 'RESEARCHER' },
  { email: 'annotator@paralens.local', name: 'Demo Annotator', role: 'ANNOTATOR' },
];

export function isDemoMode(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PARALENS_DEMO === '1';
}
