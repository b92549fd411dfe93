/**
 * What a checkout needs before any TypeScript runs, shared by `npm start`/`npm test`
 * (scripts/bootstrap.mjs) and the `paralens` command (scripts/paralens.mjs). Plain Node, no
 * dependencies: a recent enough Node, the locked dependencies installed (`npm ci` when
 * node_modules is missing or older than package-lock.json), the Prisma client generated (when it
 * is missing or older than the schema or the installed packages), and `node_modules/.bin/paralens`
 * (so `npx paralens` runs the project's own command at once instead of resolving the project as a
 * package, which reads the whole dependency tree: 10-15 s).
 *
 * The tools' output goes to a log file under node_modules/.cache/paralens/ and the terminal gets
 * one line per step: npm ci's warnings (peer ranges of eslint-config-next's plugins, the engine
 * note of a Prisma CLI part Paralens does not run; README, Quick start) are counted there, not
 * repeated. A failing step quotes the log's last lines.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, openSync, closeSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A step that could not be done: `message` is one line saying what failed and what to do. */
export class PrepareError extends Error {}

const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);
const installedLock = path.join(projectRoot, 'node_modules', '.package-lock.json');
const generatedClient = path.join(projectRoot, 'lib', 'db', 'generated', 'client.ts');

/** Where each step's full output is kept. */
export const logDir = path.join(projectRoot, 'node_modules', '.cache', 'paralens');

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
 * npm's warnings in its output, by code: `npm warn ERESOLVE overriding …` starts one, and so do
 * `deprecated` and `install-scripts` notices; the lines that continue a warning (no code, or the
 * code followed by indentation or a brace) are not counted again.
 */
export function countNpmWarnings(output) {
  const counts = new Map();
  for (const line of output.split('\n')) {
    const match = /^npm warn (E[A-Z]+|deprecated|install-scripts) ([^\s}].*)$/.exec(line);
    if (!match || (match[1] === 'install-scripts' && !/^\d+ packages? /.test(match[2]))) continue;
    counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  }
  return counts;
}

/** "3 ERESOLVE, 1 EBADENGINE" */
export const describeCounts = (counts) => [...counts].map(([code, n]) => `${n} ${code}`).join(', ');

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const relative = (file) => {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
};

/**
 * Runs the missing steps, each with one line in the terminal and its output in a log file. `quiet`
 * (the CLI, whose stdout is data, e.g. `paralens corpora --json`) also leaves out the line of a step
 * that went well.
 */
export function prepareCheckout({ quiet = false, log = (line) => console.log(line) } = {}) {
  checkNodeVersion();
  if (needsInstall()) {
    log('Installing dependencies (npm ci) …');
    const since = Date.now();
    const output = run(
      'npm',
      ['ci', '--no-audit', '--no-fund'],
      'npm-ci.log',
      'Check your network or npm cache, then run `npm ci` yourself.',
    );
    const warnings = countNpmWarnings(output);
    if (!quiet)
      log(
        `Installed the dependencies in ${seconds(since)}${warnings.size > 0 ? ` (npm warned: ${describeCounts(warnings)}; expected, see the README's Quick start)` : ''}; npm's output: ${relative(path.join(logDir, 'npm-ci.log'))}`,
      );
  }
  if (needsClient()) {
    withLock(path.join(projectRoot, 'node_modules', '.cache', 'paralens-prisma-generate.lock'), () => {
      if (!needsClient()) return; // another process generated it while we waited
      log('Generating the Prisma client …');
      // `prisma generate` never runs the schema engine; the variable only stops it downloading one.
      run(
        path.join(projectRoot, 'node_modules', '.bin', 'prisma'),
        ['generate'],
        'prisma-generate.log',
        'Run `npm run db:generate` to see why.',
        { PRISMA_SCHEMA_ENGINE_BINARY: process.execPath },
      );
    });
  }
  linkCommand();
}

/** `node_modules/.bin/paralens` → scripts/paralens.mjs, as npm links a dependency's command. */
export function linkCommand(root = projectRoot) {
  const link = path.join(root, 'node_modules', '.bin', 'paralens');
  try {
    lstatSync(link);
    return;
  } catch {
    // not there yet
  }
  try {
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join('..', '..', 'scripts', 'paralens.mjs'), link);
  } catch {
    // a read-only node_modules: `npx paralens` still works, only slower
  }
}

/** Runs a tool with its output into `logName`; returns the output, or throws with its last lines. */
function run(cmd, args, logName, hint, extraEnv = {}) {
  const result = spawnSync(cmd, args, {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...extraEnv },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const logFile = path.join(logDir, logName);
  try {
    mkdirSync(logDir, { recursive: true });
    writeFileSync(logFile, output);
  } catch {
    // node_modules may be gone after a failed npm ci: the quoted lines below still say why
  }
  if (result.status !== 0) {
    const lines = output
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const why = result.error ? result.error.message : (lines.at(-1) ?? `exit ${result.status ?? result.signal}`);
    throw new PrepareError(
      `\`${path.basename(cmd)} ${args.join(' ')}\` failed (${why}). ${hint}${existsSync(logFile) ? ` Its output: ${relative(logFile)}` : ''}`,
    );
  }
  return output;
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
