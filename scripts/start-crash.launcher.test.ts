/**
 * `npm start` when its web server dies: the real launcher (scripts/bootstrap.mjs start, what `npm
 * start` runs) on a fresh PARALENS_HOME with the embedded PostgreSQL, the serve.ts process killed
 * with SIGKILL (as the out-of-memory killer does). The launcher must stop PostgreSQL and exit
 * non-zero within 15 s, so systemd, Docker or a shell loop can start it again.
 * Needs the production build: `npm test` runs this after its build step; alone, the test builds once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '@/lib/runtime/job-owner';
import { findFreePort } from '@/lib/runtime/ports';
import { killLauncherAndHome } from './lib/launcher-cleanup';
import { buildIfStale } from './lib/build-freshness';

const root = path.resolve(import.meta.dirname, '..');
const home = mkdtempSync(path.join(tmpdir(), 'paralens-crash-'));
chmodSync(home, 0o711); // as root, the embedded PostgreSQL runs as `postgres` and must pass through
let launcher: ChildProcess | undefined;

/** The direct children of `pid` whose command line contains `needle` (Linux /proc). */
function childrenOf(pid: number, needle: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ');
        return ppid === pid && cmdline.includes(needle) ? [Number(name)] : [];
      } catch {
        return []; // the process ended meanwhile
      }
    });
}

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no "${text}" within ${timeoutMs} ms; output:\n${seen.slice(-3000)}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`the launcher exited (${code}) before "${text}"; output:\n${seen.slice(-3000)}`)),
    );
  });
}

beforeAll(() => buildIfStale(root), 15 * 60_000);

afterAll(() => {
  // Whatever the outcome, nothing of this test keeps running (the launcher has its own process group).
  killLauncherAndHome(launcher, home);
});

describe('npm start when the web server dies', () => {
  it(
    'a SIGKILLed web server takes the launcher down within 15 s, non-zero, with PostgreSQL stopped',
    async () => {
      const port = await findFreePort();
      launcher = spawn(process.execPath, [path.join(root, 'scripts', 'bootstrap.mjs'), 'start'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', PORT: String(port), PARALENS_HOME: home },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      await waitForOutput(launcher, 'Paralens is running at', 4 * 60_000);
      const [startScript] = childrenOf(launcher.pid!, 'scripts/start.ts');
      const [webServer] = childrenOf(startScript!, 'scripts/serve.ts');
      expect(webServer).toBeGreaterThan(0);
      const postgresPid = Number(readFileSync(path.join(home, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(isProcessAlive(postgresPid)).toBe(true);

      const exited = new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)));
      const killedAt = Date.now();
      process.kill(webServer!, 'SIGKILL');
      const code = await Promise.race([
        exited,
        new Promise<'still running'>((r) => setTimeout(() => r('still running'), 15_000)),
      ]);

      expect(code).not.toBe('still running');
      expect(code).not.toBe(0);
      expect(Date.now() - killedAt).toBeLessThan(15_000);
      expect(isProcessAlive(postgresPid)).toBe(false);
      expect(existsSync(path.join(home, 'pgdata', 'postmaster.pid'))).toBe(false);
    },
    6 * 60_000,
  );
});
