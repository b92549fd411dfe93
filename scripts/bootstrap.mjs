#!/usr/bin/env node
/**
 * What `npm start` and `npm test` run first, in plain Node (no dependencies needed): installs the
 * locked dependencies when node_modules is missing or older than package-lock.json, generates
 * the Prisma client when the schema changed, then hands over to the TypeScript script named
 * in argv[2] (scripts/<name>.ts) through tsx.
 */
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (cmd, args, extraEnv = {}) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`paralens: \`${cmd} ${args.join(' ')}\` failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
};
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`paralens: Node ${process.versions.node} is too old; install Node 20.19 or newer.`);
  process.exit(1);
}

const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');
if (mtime(installed) < mtime(lock)) {
  console.log('Installing dependencies (npm ci) …');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

const schema = path.join(root, 'prisma', 'schema.prisma');
const generated = path.join(root, 'lib', 'db', 'generated', 'client.ts');
if (mtime(generated) < mtime(schema)) {
  // The CLI never runs the schema engine for `generate`; the variable only stops it downloading one.
  run(path.join(root, 'node_modules', '.bin', 'prisma'), ['generate'], { PRISMA_SCHEMA_ENGINE_BINARY: process.execPath });
}

const [script, ...rest] = process.argv.slice(2);
if (!script) process.exit(0);
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', `${script}.ts`), ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PARALENS_ROOT: root },
});
// The child handles Ctrl-C itself (it shares our terminal's process group); we only wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
