/** Free space where a job writes (for messages about a full disk: lib/errors/disk-full.ts). */
import { statfs } from 'node:fs/promises';
import path from 'node:path';

/**
 * Bytes an unprivileged writer may still use on the file system holding `target` (its nearest
 * existing folder); null if unknown.
 */
export async function freeBytesAt(target: string): Promise<number | null> {
  for (let dir = path.resolve(target); ; dir = path.dirname(dir)) {
    try {
      const s = await statfs(dir);
      return s.bavail * s.bsize;
    } catch {
      if (path.dirname(dir) === dir) return null;
    }
  }
}
