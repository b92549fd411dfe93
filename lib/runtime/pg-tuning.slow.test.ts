/**
 * The embedded PostgreSQL runs with the settings tuned for this machine, with PARALENS_PG_SETTINGS's
 * over them (a real server in a scratch folder: initdb takes a few seconds).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, thisMachine } from './embedded-postgres';
import { tunedPgSettings } from './pg-tuning';

describe('the embedded PostgreSQL settings', () => {
  it('are the tuned ones, with the overrides on top, and the start-up line says so', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'paralens-pg-tuning-'));
    chmodSync(dir, 0o755); // PostgreSQL runs as the postgres user when we are root
    const server = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'pgdata'),
      password: 'tuning',
      unsafeFast: true,
      settings: { work_mem: '12MB', jit: 'off' },
    });
    const client = new pg.Client({ connectionString: server.url });
    try {
      await client.connect();
      const show = async (name: string) => (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0]![name];
      const tuned = tunedPgSettings(thisMachine());
      // PostgreSQL shows shared_buffers in its own unit: compare in megabytes
      const sharedMb = (
        await client.query<{ mb: string }>(
          `SELECT setting::bigint * 8 / 1024 AS mb FROM pg_settings WHERE name = 'shared_buffers'`,
        )
      ).rows[0]!.mb;
      expect(`${sharedMb}MB`).toBe(tuned.shared_buffers);
      expect(await show('max_parallel_workers_per_gather')).toBe(tuned.max_parallel_workers_per_gather);
      expect(await show('work_mem')).toBe('12MB');
      expect(await show('jit')).toBe('off');
      expect(server.settingsLine).toMatch(
        /^PostgreSQL settings for this machine \(.* GiB, \d+ cores?\): shared_buffers \d+MB, work_mem 12MB \(set\), .*; also set: jit off\./,
      );
    } finally {
      await client.end().catch(() => {});
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
