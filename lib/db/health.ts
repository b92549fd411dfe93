/**
 * GET /api/health, public, for `npm start`'s own start-up check and a reverse proxy's health checks:
 * whether this process reaches the database, and which instance (PARALENS_INSTANCE) and process
 * answered, so that behind a proxy or with several web processes one can tell them apart.
 */
import { hostname } from 'node:os';
import { getDb } from './client';
import { setting } from '@/lib/config/settings';

export async function pingDatabase(): Promise<boolean> {
  try {
    await getDb().$queryRaw`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}

export interface HealthBody {
  ok: boolean;
  database: 'up' | 'down';
  /** PARALENS_INSTANCE, which `npm start` sets to the host name and port when it is unset */
  instance: string;
  pid: number;
}

/** GET /api/health's answer: 200 when the database answers, else 503. */
export async function healthAnswer(): Promise<{ status: number; body: HealthBody }> {
  const database = await pingDatabase();
  return {
    status: database ? 200 : 503,
    body: {
      ok: database,
      database: database ? 'up' : 'down',
      instance: setting('PARALENS_INSTANCE') ?? hostname(),
      pid: process.pid,
    },
  };
}
