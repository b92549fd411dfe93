/**
 * `npm start` whose shared folder (PARALENS_SHARED_DIR) is read-only (a read-only tmpfs: root ignores
 * file modes) or, where mounting is not allowed, missing: the launcher says so at start-up and keeps
 * serving, `GET /api/health` answers 200 with `files.ok: false` and the reason, and an upload and a
 * model install are refused with a 503 naming the folder and the fix. The real launcher
 * (scripts/bootstrap.mjs start) on a fresh PARALENS_HOME with the embedded PostgreSQL; needs the
 * production build: alone, the test builds once.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@/lib/runtime/ports';
import { killLauncherAndHome } from './lib/launcher-cleanup';
import { buildIfStale } from './lib/build-freshness';

const root = path.resolve(import.meta.dirname, '..');
const home = mkdtempSync(path.join(tmpdir(), 'paralens-shared-folder-'));
chmodSync(home, 0o711); // as root, the embedded PostgreSQL runs as `postgres` and must pass through
const shared = path.join(home, 'shared');
let launcher: ChildProcess | undefined;
let output = '';
let readOnly = false;

beforeAll(() => {
  mkdirSync(shared);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', shared], { stdio: 'pipe' });
    readOnly = true;
  } catch (error) {
    rmSync(shared, { recursive: true });
    console.warn(
      `SKIPPED the read-only case: cannot mount a read-only tmpfs (${String(error).split('\n')[0]}); checking a missing folder instead`,
    );
  }
  buildIfStale(root);
}, 15 * 60_000);

afterAll(() => {
  if (readOnly) spawnSync('umount', ['-l', shared]);
  killLauncherAndHome(launcher, home);
});

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms; output:\n${output.slice(-3000)}`);
    if (launcher?.exitCode !== null || launcher.signalCode !== null)
      throw new Error(`the launcher exited before ${what}; output:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An API token of a demo account, made by the command line on the running embedded database. */
function tokenOf(email: string): string {
  const made = spawnSync(
    process.execPath,
    [path.join(root, 'scripts', 'paralens.mjs'), 'token', 'create', '--email', email, '--name', 'shared-folder test'],
    { cwd: root, env: { ...process.env, DATABASE_URL: '', PARALENS_HOME: home }, encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`paralens token create failed: ${made.stderr}`);
  return made.stdout.trim();
}

describe('npm start with a shared folder it cannot use', () => {
  it(
    'says so at start-up, keeps serving, reports it in /api/health and refuses uploads and model installs with 503',
    async () => {
      const port = await findFreePort();
      launcher = spawn(process.execPath, [path.join(root, 'scripts', 'bootstrap.mjs'), 'start'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', PORT: String(port), PARALENS_HOME: home, PARALENS_SHARED_DIR: shared },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      launcher.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      launcher.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitFor('"Paralens is running at"', () => output.includes('Paralens is running at'), 4 * 60_000);
      const cause = readOnly
        ? 'the folder is not writable (a probe file could not be written: EROFS)'
        : 'the folder does not exist';
      expect(output).toContain(`paralens: files folder ${shared} (PARALENS_SHARED_DIR): ${cause}.`);
      expect(output).toContain('this instance serves everything else but runs no imports from uploads');
      expect(existsSync(path.join(shared, 'dumps'))).toBe(false); // the demo dump was not put there

      const base = `http://127.0.0.1:${port}`;
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      const body = (await health.json()) as { ok: boolean; database: string; files: Record<string, unknown> };
      expect(body).toMatchObject({ ok: true, database: 'up', files: { path: shared, shared: true, ok: false } });
      expect(body.files.reason).toContain(cause);

      const researcher = { authorization: `Bearer ${tokenOf('researcher@paralens.local')}` };
      const corpora = (await (await fetch(`${base}/api/v1/corpora`, { headers: researcher })).json()) as {
        corpora: Array<{ slug: string }>;
      };
      const upload = await fetch(`${base}/api/corpora/${corpora.corpora[0]!.slug}/imports?fileName=dev.tsv`, {
        method: 'POST',
        headers: { ...researcher, 'content-type': 'application/octet-stream' },
        body: 'id\tsentence1\tsentence2\tlabel\n1\tA b.\tA c.\t1\n',
      });
      expect(upload.status).toBe(503);
      const refused = ((await upload.json()) as { error: { code: string; message: string } }).error;
      expect(refused.code).toBe('UNAVAILABLE');
      expect(refused.message).toContain(`its files folder (PARALENS_SHARED_DIR) ${cause.replace(/^the folder /, '')}`);
      expect(refused.message).toContain(readOnly ? 'Mount it read-write' : 'Mount the shared folder at PARALENS_SHARED_DIR');

      const install = await fetch(`${base}/api/v1/models/glove/install`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokenOf('admin@paralens.local')}` },
      });
      expect(install.status).toBe(503);
      expect(((await install.json()) as { error: { message: string } }).error.message).toContain('PARALENS_SHARED_DIR');

      const exited = new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)));
      process.kill(launcher.pid!, 'SIGTERM');
      expect(await exited).toBe(0);
    },
    6 * 60_000,
  );
});
