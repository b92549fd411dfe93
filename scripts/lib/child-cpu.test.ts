import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { describe, expect, it } from 'vitest';
import { childCpuSeconds, machineCpuSeconds } from './child-cpu';

describe.skipIf(!existsSync('/proc/self/stat'))('childCpuSeconds', () => {
  it('grows by at least the CPU time of a child that was waited for', () => {
    const before = childCpuSeconds()!;
    // 0.3 s of the child's own CPU, however busy the machine is (the unit tests share their process,
    // so another test's child may add to it, never take away)
    spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000);']);
    expect(childCpuSeconds()! - before).toBeGreaterThanOrEqual(0.29);
  });
});

describe.skipIf(!existsSync('/proc/stat'))('machineCpuSeconds', () => {
  it('counts a busy child as busy, and busy and idle together as the wall time of every core', () => {
    const before = machineCpuSeconds()!;
    const t0 = performance.now();
    spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000);']);
    const wall = (performance.now() - t0) / 1000;
    const after = machineCpuSeconds()!;
    const busy = after.busy - before.busy;
    // the child's 0.3 s at least (less a clock tick of rounding), whatever else the machine did
    expect(busy).toBeGreaterThanOrEqual(0.28);
    // every online core's time is either busy or idle: the sum is the wall time times the cores, to a few ticks
    const cores = (busy + after.idle - before.idle) / wall;
    expect(cores).toBeGreaterThan(cpus().length - 0.5);
    expect(cores).toBeLessThan(cpus().length + 0.5);
  });
});
