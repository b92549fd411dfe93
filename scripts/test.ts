/**
 * `npm test`: every check, in order, stopping at the first failure: lint, typecheck, unit and
 * database tests (vitest; the db project starts its own PostgreSQL), the command line in a fresh
 * clone after `npm ci` (alone, as it installs for minutes), the production build, and
 * the end-to-end tests in Debian's Chromium (installed with apt-get when missing and we are root).
 * Prints how long each step took.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { isBuildStale } from './lib/build-freshness';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const bin = (name: string): string => path.join(projectRoot, 'node_modules', '.bin', name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: '' };

interface Step {
  name: string;
  run: () => number;
}

function exec(cmd: string, args: string[]): number {
  const result = spawnSync(cmd, args, { cwd: projectRoot, stdio: 'inherit', env });
  return result.status ?? 1;
}

function ensureChromium(): number {
  if (existsSync(chromium)) return 0;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(`The end-to-end tests need Chromium at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`);
    return 1;
  }
  console.log(`Chromium is missing: installing Debian's chromium package …`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
  if (update.status !== 0) return update.status ?? 1;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: aptEnv });
  if (install.status !== 0 || !existsSync(chromium)) {
    console.error('Installing chromium failed. Install it by hand: apt-get install -y chromium');
    return 1;
  }
  return 0;
}

const only = new Set(process.argv.slice(2));
const steps: Step[] = [
  { name: 'chromium', run: ensureChromium },
  { name: 'lint', run: () => exec(bin('eslint'), ['.', '--max-warnings=0']) },
  { name: 'typecheck', run: () => exec(bin('tsc'), ['--noEmit']) },
  { name: 'unit+db', run: () => exec(bin('vitest'), ['run', '--project', 'unit', '--project', 'db']) },
  { name: 'cli-clone', run: () => exec(bin('vitest'), ['run', '--project', 'cli-clone']) },
  { name: 'build', run: () => (isBuildStale() ? exec(process.execPath, [path.join(projectRoot, 'node_modules/next/dist/bin/next'), 'build']) : 0) },
  { name: 'e2e', run: () => exec(bin('playwright'), ['test']) },
].filter((s) => only.size === 0 || only.has(s.name));

const timings: string[] = [];
const started = Date.now();
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const t0 = Date.now();
  const code = step.run();
  timings.push(`${step.name.padEnd(10)} ${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s${code === 0 ? '' : '  FAILED'}`);
  if (code !== 0) {
    console.error(`\n${timings.join('\n')}\n\nnpm test: the ${step.name} step failed.`);
    process.exit(code);
  }
}
console.log(`\n${timings.join('\n')}\ntotal      ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s\n\nAll checks passed.`);
