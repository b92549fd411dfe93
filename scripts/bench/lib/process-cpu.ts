/** CPU seconds (user + system) used so far by all postgres processes, from /proc (Linux). */
import { readdirSync, readFileSync } from 'node:fs';

export function postgresCpuSeconds(): number {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, plus cutime + cstime: backends that have exited count in the postmaster's
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticks;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
