/**
 * A step of `npm test` run in the background beside another (scripts/test.ts): a command whose
 * output goes to a file, shown whole when it ends, so two steps' lines never interleave. It runs in
 * a process group of its own, so stopping it stops everything it started.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface BackgroundStep {
  name: string;
  /** its exit code (1 when it could not start or was killed), and how many seconds it ran */
  done: Promise<{ code: number; seconds: number }>;
  /** what it printed so far (standard output and error, in order) */
  output(): string;
  /** stops it and whatever it started (SIGTERM to its process group), and removes its output */
  stop(): void;
  /** removes its output file */
  remove(): void;
}

export function startInBackground(
  name: string,
  cmd: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): BackgroundStep {
  const dir = mkdtempSync(path.join(tmpdir(), `paralens-test-${name.replace(/\W+/g, '-')}-`));
  const log = path.join(dir, 'output.log');
  // the moment it ended, written by the shell around it: this process may notice the exit only much
  // later (while it waits for the step in the foreground, its event loop does not run)
  const endFile = path.join(dir, 'ended-ms');
  const fd = openSync(log, 'w');
  const started = Date.now();
  const script = 'end=$1; shift; "$@"; code=$?; date +%s%3N > "$end"; exit $code';
  const child = spawn('sh', ['-c', script, 'sh', endFile, cmd, ...args], {
    ...options,
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  closeSync(fd);
  const endedAt = (): number => {
    try {
      return Number(readFileSync(endFile, 'utf8').trim()) || Date.now();
    } catch {
      return Date.now();
    }
  };
  const done = new Promise<{ code: number; seconds: number }>((resolve) => {
    const finish = (code: number) => resolve({ code, seconds: (endedAt() - started) / 1000 });
    child.on('error', () => finish(1));
    child.on('exit', (code) => finish(code ?? 1));
  });
  const remove = () => rmSync(dir, { recursive: true, force: true });
  return {
    name,
    done,
    output: () => {
      try {
        return readFileSync(log, 'utf8');
      } catch {
        return '';
      }
    },
    stop() {
      if (child.pid !== undefined && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      remove();
    },
    remove,
  };
}
