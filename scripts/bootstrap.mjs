#!/usr/bin/env node
/**
 * What `npm start` and `npm test` run first, in plain Node (no dependencies needed): prepares the
 * checkout (scripts/lib/prepare-checkout.mjs: Node version, `npm ci` when needed, Prisma client),
 * then hands over to the TypeScript script named in argv[2] (scripts/<name>.ts) through tsx.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { PrepareError, prepareCheckout, projectRoot as root } from './lib/prepare-checkout.mjs';

try {
  prepareCheckout();
} catch (error) {
  if (!(error instanceof PrepareError)) throw error;
  console.error(`paralens: ${error.message}`);
  process.exit(1);
}

const [script, ...rest] = process.argv.slice(2);
if (!script) process.exit(0);
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', `${script}.ts`), ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PARALENS_ROOT: root },
});
// The child handles Ctrl-C itself (it shares our terminal's process group); we only wait for it.
// A SIGTERM sent to this process alone (`docker stop`, `kill <pid>`) is passed on, so it stops cleanly.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
// Its exit code is ours; killed by a signal, we exit 128 + the signal's number, like a shell.
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 0)));
