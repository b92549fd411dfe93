/**
 * `paralens backup` and `restore` as real processes on the embedded database (no DATABASE_URL): a
 * backup of one PARALENS_HOME restored into an empty one holds the same corpora and users, is not
 * seeded again with the demo data, and a second restore is refused without --force. Two embedded
 * PostgreSQL servers are made (initdb), hence the slow project.
 */
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { projectRoot } from '@/lib/runtime/paralens-home';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'paralens-restore-embedded-'));
  await chmod(dir, 0o755); // as root, PostgreSQL runs as the postgres user
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function paralens(home: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [path.join(projectRoot, 'scripts', 'paralens.mjs'), ...args], {
    cwd: dir,
    env: { ...process.env, PARALENS_HOME: path.join(dir, home), DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

it('restores an embedded backup into an empty PARALENS_HOME, unseeded, and refuses a second restore', () => {
  const file = path.join(dir, 'demo.tar');
  const made = paralens('one', 'backup', '--out', file);
  expect(made.code, made.stderr).toBe(0);
  expect(made.stdout).toMatch(/Holds: 2 corpora, 304 pairs, 1 campaign, /);
  const before = paralens('one', 'corpora', '--json');

  const restored = paralens('two', 'restore', file);
  expect(restored.code, restored.stderr).toBe(0);
  expect(restored.stderr).toMatch(/Creating the embedded database in .*two\/pgdata/);
  expect(restored.stdout).toMatch(/^Restored .*demo\.tar \(taken .*\) into the embedded database in .*two in [\d.]+ s/);
  // a new PARALENS_HOME has a secret of its own
  expect(restored.stdout).toMatch(/Note: AUTH_SECRET differs/);
  const after = paralens('two', 'corpora', '--json');
  expect(after.code).toBe(0);
  expect(after.stderr).not.toMatch(/Seeded the demo data/);
  expect(after.stdout).toBe(before.stdout);
  expect(paralens('two', 'user', 'list', '--json').stdout).toBe(paralens('one', 'user', 'list', '--json').stdout);

  const again = paralens('two', 'restore', file);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/already holds data.*--force/);
}, 600_000);
