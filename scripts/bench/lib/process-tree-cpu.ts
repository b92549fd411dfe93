/**
 * CPU seconds (user + system) used by a process and all its descendants, from /proc (Linux):
 * live processes' own time plus the time of children they have reaped. Used to state the cost of a
 * request in CPU time, which other work on a shared machine does not inflate the way it inflates
 * wall-clock latency.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

interface Stat {
  pid: number;
  ppid: number;
  name: string;
  seconds: number;
}

function readStats(): Stat[] {
  const stats: Stat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[1] = ppid; [11] utime, [12] stime, [13] cutime, [14] cstime
      stats.push({
        pid: Number(name),
        ppid: Number(fields[1]),
        name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        seconds: (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS,
      });
    } catch {
      // the process ended meanwhile
    }
  }
  return stats;
}

export function cpuSecondsOfTree(rootPid: number): number {
  const stats = readStats();
  const children = new Map<number, Stat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  let total = 0;
  const stack = stats.filter((s) => s.pid === rootPid);
  while (stack.length > 0) {
    const s = stack.pop()!;
    total += s.seconds;
    stack.push(...(children.get(s.pid) ?? []));
  }
  return total;
}

/** The postmaster's pid of a PostgreSQL data folder (first line of postmaster.pid). */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}

/** The pids of `parentPid`'s children whose program is `name` (e.g. the nginx a benchmark started). */
export function childPidsNamed(parentPid: number, name: string): number[] {
  return readStats()
    .filter((s) => s.ppid === parentPid && s.name === name)
    .map((s) => s.pid);
}
