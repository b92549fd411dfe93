import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { childCpuSeconds } from './child-cpu';

describe.skipIf(!existsSync('/proc/self/stat'))('childCpuSeconds', () => {
  it('grows by at least the CPU time of a child that was waited for', () => {
    const before = childCpuSeconds()!;
    // 0.3 s of the child's own CPU, however busy the machine is (the unit tests share their process,
    // so another test's child may add to it, never take away)
    spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000);']);
    expect(childCpuSeconds()! - before).toBeGreaterThanOrEqual(0.29);
  });
});
