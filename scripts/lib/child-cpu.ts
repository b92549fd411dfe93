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
