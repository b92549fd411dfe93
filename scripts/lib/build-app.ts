/**
 * `next build` for the launcher, quietly: its output (the route table, Turbopack's notes) goes to a
 * log file under PARALENS_HOME/logs and the terminal gets one line when it ends, with the time it
 * took, how many warnings it printed and where to read them. A failed build quotes the log's last
 * lines, where Next puts the error.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Turbopack's summary line: "Turbopack build encountered 8 warnings:" (0 when there is none). */
export function countBuildWarnings(output: string): number {
  const match = /build encountered (\d+) warnings?/.exec(output);
  return match ? Number(match[1]) : 0;
}

/** The last lines of a log that say something: what a failed build is quoted with. */
export function lastLines(output: string, count = 30): string[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(-count);
}

export interface BuildResult {
  ok: boolean;
  seconds: number;
  warnings: number;
  logFile: string;
  /** the end of the log (printed when the build failed) */
  tail: string[];
}

export async function buildApp(options: {
  nextBin: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  logDir: string;
}): Promise<BuildResult> {
  mkdirSync(options.logDir, { recursive: true });
  const logFile = path.join(options.logDir, 'next-build.log');
  const fd = openSync(logFile, 'w');
  const started = Date.now();
  try {
    const child = spawn(process.execPath, [options.nextBin, 'build'], {
      cwd: options.cwd,
      env: { ...options.env, FORCE_COLOR: '0' },
      stdio: ['ignore', fd, fd],
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    const output = readFileSync(logFile, 'utf8');
    return {
      ok: code === 0,
      seconds: (Date.now() - started) / 1000,
      warnings: countBuildWarnings(output),
      logFile,
      tail: code === 0 ? [] : lastLines(output),
    };
  } finally {
    closeSync(fd);
  }
}

/** "2 min 31 s", "48 s" */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}
