/**
 * What a checkout needs before any TypeScript runs, shared by `npm start`/`npm test`
 * (scripts/bootstrap.mjs) and the `paralens` command (scripts/paralens.mjs). Plain Node, no
 * dependencies: a recent enough Node, the locked dependencies installed (`npm ci` when
 * node_modules is missing or older than package-lock.json), and the Prisma client generated
 * (when it is missing or older than the schema or the installed packages).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, closeSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A step that could not be done: `message` is one line saying what failed and what to do. */
export class PrepareError extends Error {}

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);
const installedLock = path.join(projectRoot, 'node_modules', '.package-lock.json');
const generatedClient = path.join(projectRoot, 'lib', 'db', 'generated', 'client.ts');

export function checkNodeVersion() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    throw new PrepareError(`Node ${process.versions.node} is too old; install Node 20.19 or newer.`);
  }
}

export const needsInstall = () => mtime(installedLock) < mtime(path.join(projectRoot, 'package-lock.json'));

export const needsClient = () =>
  mtime(generatedClient) < Math.max(mtime(path.join(projectRoot, 'prisma', 'schema.prisma')), mtime(installedLock));

/**
 * Runs the missing steps. `quiet`: the tools' own output is kept back and only its last line is
 * quoted when a step fails (the CLI's stdout is data, e.g. `paralens corpora --json`); otherwise
 * it is shown as it comes.
 */
export function prepareCheckout({ quiet = false, log = (line) => console.log(line) } = {}) {
  checkNodeVersion();
  const stdio = quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit';
  if (needsInstall()) {
    log('Installing dependencies (npm ci) …');
    run('npm', ['ci', '--no-audit', '--no-fund'], stdio, 'Check your network or npm cache, then run `npm ci` yourself.');
  }
  if (needsClient()) {
    withLock(path.join(projectRoot, 'node_modules', '.cache', 'paralens-prisma-generate.lock'), () => {
      if (!needsClient()) return; // another process generated it while we waited
      log('Generating the Prisma client …');
      // `prisma generate` never runs the schema engine; the variable only stops it downloading one.
      run(
        path.join(projectRoot, 'node_modules', '.bin', 'prisma'),
        ['generate'],
        stdio,
        'Run `npm run db:generate` to see why.',
        {
          PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
        },
      );
    });
  }
}

function run(cmd, args, stdio, hint, extraEnv = {}) {
  const result = spawnSync(cmd, args, { cwd: projectRoot, stdio, env: { ...process.env, ...extraEnv }, encoding: 'utf8' });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}\n${result.stderr ?? ''}`
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const why = result.error ? result.error.message : (output.at(-1) ?? `exit ${result.status ?? result.signal}`);
    throw new PrepareError(`\`${path.basename(cmd)} ${args.join(' ')}\` failed (${why}). ${hint}`);
  }
}

/** Holds a lock file while `fn` runs, so parallel commands do not generate into the same folder at once. */
function withLock(file, fn) {
  mkdirSync(path.dirname(file), { recursive: true });
  const deadline = Date.now() + 180_000;
  let fd;
  for (;;) {
    try {
      fd = openSync(file, 'wx');
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - mtime(file) > 120_000)
        rmSync(file, { force: true }); // left behind by a killed process
      else if (Date.now() > deadline)
        throw new PrepareError(`waited 3 minutes for ${file}; delete it if no other paralens command is running.`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    fn();
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
}
