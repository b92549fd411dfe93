/** A throwaway embedded PostgreSQL in a temporary folder, for scripts that need any database. */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-postgres';

export async function withScratchDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paralens-scratch-'));
  await chmod(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pgdata'), password: 'scratch', unsafeFast: true });
  try {
    return await fn(server.url);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
