/**
 * GET /api/health, public, for `npm start`'s own start-up check and a reverse proxy's health checks:
 * whether this process reaches the database and its files folder (PARALENS_SHARED_DIR, else
 * PARALENS_HOME: lib/runtime/files-folder.ts), and which instance (PARALENS_INSTANCE) and process
 * answered, so that behind a proxy or with several web processes one can tell them apart. A failing
 * files folder leaves the status 200 (the instance serves everything but files); `files.ok` says it.
 */
import { hostname } from 'node:os';
import { getDb } from './client';
import { setting } from '@/lib/config/settings';
import { filesFolderStatus } from '@/lib/runtime/files-folder-status';
import type { FilesFolderState } from '@/lib/runtime/files-folder';

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
  /** the files folder: where, whether PARALENS_SHARED_DIR is set, whether it passes its check, and if not why and the fix */
  files: { path: string; shared: boolean; ok: boolean; reason: string | null };
}

function filesJson(state: FilesFolderState): HealthBody['files'] {
  return { path: state.path, shared: state.shared, ok: state.ok, reason: state.ok ? null : `${state.cause}. ${state.fix}` };
}

/** GET /api/health's answer: 200 when the database answers, else 503 (whatever the files folder's state). */
export async function healthAnswer(): Promise<{ status: number; body: HealthBody }> {
  const [database, files] = await Promise.all([pingDatabase(), filesFolderStatus(getDb())]);
  return {
    status: database ? 200 : 503,
    body: {
      ok: database,
      database: database ? 'up' : 'down',
      instance: setting('PARALENS_INSTANCE') ?? hostname(),
      pid: process.pid,
      files: filesJson(files),
    },
  };
}
