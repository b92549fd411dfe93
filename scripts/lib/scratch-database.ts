/** A throwaway embedded PostgreSQL in a temporary folder, for scripts and tests that need any database. */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-postgres';

export interface ScratchDatabase {
  url: string;
  /** stops the server and deletes its folder */
  stop(): Promise<void>;
}

/** Starts one (fsync off); the caller stops it. */
export async function startScratchDatabase(): Promise<ScratchDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paralens-scratch-'));
  await chmod(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
  try {
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pgdata'), password: 'scratch', unsafeFast: true });
    return {
      url: server.url,
      stop: async () => {
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

export async function withScratchDatabase<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const database = await startScratchDatabase();
  try {
    return await fn(database.url);
  } finally {
    await database.stop();
  }
}
