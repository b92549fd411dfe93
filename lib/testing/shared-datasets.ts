/**
 * Tests that read the real corpora in ../shared/datasets (referenced, never copied into the
 * project). When the folder is absent they are skipped with a visible message naming what did not
 * run; under CI (CI=true) a missing folder fails the suite instead, so nothing is skipped silently.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { setting, type Env } from '@/lib/config/settings';

export const SHARED_DATASETS = path.resolve(fileURLToPath(new URL('../../../shared/datasets/', import.meta.url)));

export function sharedDatasetPath(...parts: string[]): string {
  return path.join(SHARED_DATASETS, ...parts);
}

export function isCi(env: Env = process.env): boolean {
  const ci = setting('CI', env);
  return ci === 'true' || ci === '1';
}

/** What to do with tests that need these files: run them, skip them (with a message) or fail (CI). */
export function datasetDecision(
  needs: readonly string[],
  env: Record<string, string | undefined> = process.env,
  exists: (p: string) => boolean = existsSync,
) {
  const missing = needs.map((p) => sharedDatasetPath(p)).filter((p) => !exists(p));
  if (missing.length === 0) return { action: 'run' as const, missing };
  return { action: isCi(env) ? ('fail' as const) : ('skip' as const), missing };
}

/**
 * describe() that needs files under ../shared/datasets (default: the folder itself). Absent: skipped
 * with a console message, or a failing test under CI.
 */
export function describeWithDatasets(name: string, fn: () => void, needs: readonly string[] = ['.']): void {
  const { action, missing } = datasetDecision(needs);
  if (action === 'run') {
    describe(name, fn);
    return;
  }
  const message = `${missing.join(', ')} is absent, so "${name}" did not run`;
  if (action === 'fail') {
    describe(name, () => {
      it('needs the shared datasets (CI=true: a missing folder is a failure, not a skip)', () => {
        throw new Error(message);
      });
    });
    return;
  }
  console.warn(`[skipped] ${message}`);
  describe.skip(name, fn);
}
