/**
 * A small file system made for a test (a tmpfs of a few megabytes), to fill up on purpose: work that
 * hits ENOSPC there must say so and clean up. Mounting needs root (or CAP_SYS_ADMIN); where it is
 * impossible (an unprivileged CI runner), `mountSmallDisk` returns null with the reason, and the
 * tests that need it are skipped with that reason printed.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface SmallDisk {
  dir: string;
  /** bytes an unprivileged writer may still use there */
  free(): number;
  /** fills the disk with a file of its own until at most `leave` bytes are free (0: full) */
  fill(leave: number): void;
  /** removes the filling */
  unfill(): void;
  unmount(): void;
}

export function mountSmallDisk(megabytes: number): SmallDisk | { skipped: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'paralens-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0755`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { skipped: `cannot mount a ${megabytes} MB tmpfs for the full-disk tests (${why}); run them as root to check ENOSPC` };
  }
  const filler = path.join(dir, 'filler');
  const free = () => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    free,
    fill(leave) {
      const fd = openSync(filler, 'a');
      const block = Buffer.alloc(4096, 1);
      try {
        while (free() > leave) writeSync(fd, block, 0, Math.min(block.length, Math.max(1, free() - leave)));
      } catch {
        // ENOSPC: as full as it gets
      } finally {
        closeSync(fd);
      }
    },
    unfill() {
      rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
