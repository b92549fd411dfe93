/**
 * PARALENS_PG_PORT pins the embedded PostgreSQL's port: a command that opens the database starts
 * it there and says so (with a scratch PARALENS_HOME: initdb, migrations and the demo seed, about a
 * minute on a loaded 2-core machine).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findFreePort } from '@/lib/runtime/ports';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('PARALENS_PG_PORT', () => {
  it('is the port the embedded PostgreSQL listens on', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'paralens-pg-port-'));
    chmodSync(home, 0o755); // PostgreSQL runs as the postgres user when we are root
    const port = await findFreePort();
    try {
      const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'paralens.mjs'), 'corpora', '--json'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', PARALENS_HOME: home, PARALENS_PG_PORT: String(port) },
        encoding: 'utf8',
        timeout: 240_000,
      });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr).toContain(`Started the embedded PostgreSQL on port ${port} (data in ${path.join(home, 'pgdata')}).`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 300_000);
});
