/** Whether `.next` is older than any source that goes into the build (then `npm start` rebuilds). */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '@/lib/runtime/paralens-home';

const sourceDirs = ['app', 'components', 'lib', 'public', 'prisma'];
const sourceFiles = ['package-lock.json', 'next.config.ts', 'tsconfig.json', 'proxy.ts', 'instrumentation-client.ts'];

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

export function isBuildStale(root = projectRoot): boolean {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  const newest = Math.max(
    ...sourceDirs.map((d) => newestMtime(path.join(root, d))),
    ...sourceFiles.map((f) => (existsSync(path.join(root, f)) ? statSync(path.join(root, f)).mtimeMs : 0)),
  );
  return newest > built;
}

/** Runs `next build` when the build is stale (the launcher tests need the production build); throws when it fails. */
export function buildIfStale(root = projectRoot): void {
  if (!isBuildStale(root)) return;
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) throw new Error('next build failed');
}
