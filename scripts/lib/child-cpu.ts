/**
 * The CPU time of the child processes this process has waited for (Linux: /proc/self/stat's
 * cutime and cstime), so `npm test` can print, beside each step's wall time, how much of it the
 * step computed and how much it waited: a step using about 2 cores of 2 can only get faster by doing
 * less, one using 1 can also get faster by doing more at once. Processes a step started but never
 * waited for (a server killed by its pid) are not counted. Null where /proc is missing.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout;
    ticksPerSecond = Number(out?.trim()) || 100;
  }
  return ticksPerSecond;
}

/** Seconds of CPU (user and system) used by the waited-for children so far, or null without /proc. */
export function childCpuSeconds(): number | null {
  let stat: string;
  try {
    stat = readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return null;
  }
  // the fields after the command name, which is in parentheses and may itself hold spaces
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // field 16 and 17 of proc(5) (cutime, cstime) are the 14th and 15th after the command name
  const cutime = Number(fields[13]);
  const cstime = Number(fields[14]);
  if (!Number.isFinite(cutime) || !Number.isFinite(cstime)) return null;
  return (cutime + cstime) / clockTicks();
}

/**
 * Seconds of CPU the whole machine has spent busy (every process, the daemonised PostgreSQL servers
 * a step's children started included) and idle (waiting for I/O included), summed over its cores
 * (/proc/stat's first line), or null without /proc. Between two readings: how many of the cores a
 * step left idle, which the children's CPU alone cannot tell.
 */
export function machineCpuSeconds(): { busy: number; idle: number } | null {
  let stat: string;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is in user already)
  const ticks = stat.split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  if (ticks.length < 8 || ticks.some((n) => !Number.isFinite(n))) return null;
  const idle = ticks[3]! + ticks[4]!;
  const busy = ticks.reduce((a, b) => a + b, 0) - idle;
  return { busy: busy / clockTicks(), idle: idle / clockTicks() };
}
