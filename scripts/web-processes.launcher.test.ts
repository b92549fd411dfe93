/**
 * `npm start` with PARALENS_WEB_PROCESSES=2: the real launcher (scripts/bootstrap.mjs start) on a
 * fresh PARALENS_HOME with the embedded PostgreSQL. Both web processes answer on the one port; one
 * is killed with SIGKILL (as the out-of-memory killer does) while requests run: the other keeps
 * answering, the launcher starts a replacement that answers too, and `npm start` keeps running
 * until it is asked to stop. Needs the production build: alone, the test builds once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessAlive } from '@/lib/runtime/job-owner';
import { findFreePort } from '@/lib/runtime/ports';
import { killLauncherAndHome } from './lib/launcher-cleanup';
import { buildIfStale } from './lib/build-freshness';

const root = path.resolve(import.meta.dirname, '..');
const home = mkdtempSync(path.join(tmpdir(), 'paralens-processes-'));
chmodSync(home, 0o711); // as root, the embedded PostgreSQL runs as `postgres` and must pass through
let launcher: ChildProcess | undefined;
let output = '';

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

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms; output:\n${output.slice(-3000)}`);
    if (launcher?.exitCode !== null || launcher.signalCode !== null) {
      throw new Error(`the launcher exited before ${what}; output:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Answer {
  at: number;
  pid: number | null;
  error?: string;
}

/** GET /api/health on a connection of its own (keep-alive would pin every request to one process). */
function askHealth(port: number): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        try {
          const parsed = JSON.parse(body) as { ok: boolean; pid: number; instance: string };
          resolve(
            res.statusCode === 200 && parsed.ok
              ? { at: Date.now(), pid: parsed.pid }
              : { at: Date.now(), pid: null, error: body },
          );
        } catch {
          resolve({ at: Date.now(), pid: null, error: `not JSON: ${body.slice(0, 200)}` });
        }
      });
      res.on('error', (error) => resolve({ at: Date.now(), pid: null, error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ at: Date.now(), pid: null, error: error.message }));
  });
}

beforeAll(() => buildIfStale(root), 15 * 60_000);

afterAll(() => {
  // Whatever the outcome, nothing of this test keeps running (the launcher has its own process group).
  killLauncherAndHome(launcher, home);
});

describe('npm start with two web processes', () => {
  it(
    'a SIGKILLed web process is replaced while the other keeps answering, and npm start keeps running',
    async () => {
      const port = await findFreePort();
      launcher = spawn(process.execPath, [path.join(root, 'scripts', 'bootstrap.mjs'), 'start'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', PORT: String(port), PARALENS_HOME: home, PARALENS_WEB_PROCESSES: '2' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      launcher.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      launcher.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const t0 = Date.now();
      await waitFor('"Paralens is running at"', () => output.includes('Paralens is running at'), 4 * 60_000);
      const startMs = Date.now() - t0;
      console.log(`started in ${startMs} ms`);
      expect(output).toMatch(/Database connections: 2 web processes × \(10 Prisma \+ 10 SQL\) = 40, .*max_connections \d+/);
      expect(output).toContain('Serving with 2 web processes');
      const [startScript] = childrenOf(launcher.pid!, 'scripts/start.ts');
      const before = childrenOf(startScript!, 'scripts/serve.ts').sort();
      expect(before).toHaveLength(2);

      // Requests all along: two clients, each asking again as soon as it has an answer.
      const answers: Answer[] = [];
      let running = true;
      const clients = [0, 1].map(async () => {
        while (running) {
          answers.push(await askHealth(port));
          await new Promise((r) => setTimeout(r, 20)); // a steady stream, not a flood that starves the replacement's start
        }
      });
      const answeredBy = (pid: number, after = 0) => answers.some((a) => a.pid === pid && a.at > after);
      await waitFor('answers from both web processes', () => before.every((pid) => answeredBy(pid)), 30_000);

      const [victim, survivor] = before as [number, number];
      const killedAt = Date.now();
      process.kill(victim, 'SIGKILL');
      await waitFor(
        'a replacement',
        () => childrenOf(startScript!, 'scripts/serve.ts').length === 2 && !isProcessAlive(victim),
        30_000,
      );
      const replacement = childrenOf(startScript!, 'scripts/serve.ts').find((pid) => pid !== survivor)!;
      expect(replacement).not.toBe(victim);
      console.log(`replacement forked ${Date.now() - killedAt} ms after the kill`);
      // A web process boots in seconds on a quiet machine; on a loaded one, give it as long as the whole start took.
      await waitFor('answers from the replacement', () => answeredBy(replacement, killedAt), Math.max(90_000, startMs));
      console.log(`replacement answered ${Date.now() - killedAt} ms after the kill; ${answers.length} answers`);
      running = false;
      await Promise.all(clients);

      expect(output).toContain(`web process ${victim} stopped unexpectedly (signal SIGKILL); starting another`);
      // The survivor answered while the victim's replacement was starting.
      const firstFromReplacement = answers.find((a) => a.pid === replacement)!.at;
      expect(answers.filter((a) => a.pid === survivor && a.at > killedAt && a.at < firstFromReplacement).length).toBeGreaterThan(
        0,
      );
      // At most the requests in flight on the killed process failed (each client had one at a time).
      const failed = answers.filter((a) => a.pid === null);
      expect(failed.length, JSON.stringify(failed)).toBeLessThanOrEqual(2);
      expect(answers.filter((a) => a.pid === victim && a.at > killedAt + 1_000)).toEqual([]);

      // Still running, and it stops cleanly when asked: jobs, web processes, PostgreSQL.
      expect(launcher.exitCode).toBeNull();
      const exited = new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)));
      process.kill(launcher.pid!, 'SIGTERM');
      expect(await exited).toBe(0);
      for (const pid of [survivor, replacement]) expect(isProcessAlive(pid)).toBe(false);
    },
    10 * 60_000,
  );
});
