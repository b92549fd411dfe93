/**
 * The command line as a new user meets it: `git clone` of this checkout's HEAD into a temporary
 * folder, `npm ci` (from the npm cache where it can), then `npx paralens` — help, a pure command,
 * the embedded database (corpora, import), a fresh DATABASE_URL database (user create) and a
 * broken one. Every answer is checked for its exit code and for the absence of a stack trace.
 * Slow by nature (about 2 minutes on 2 cores, most of it `npm ci`): the vitest project `cli-clone`,
 * which `npm test` runs as a step of its own. Uncommitted changes are not part of the clone: commit
 * first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '@/lib/db/testing/empty-database';
import { projectRoot } from '@/lib/runtime/paralens-home';

type Env = Record<string, string | undefined>;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

const isCheckout = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: projectRoot }).status === 0;
if (!isCheckout) {
  if (process.env.CI === 'true') throw new Error(`${projectRoot} is not a git checkout: the fresh-clone test cannot run.`);
  console.warn(`SKIPPED the fresh-clone CLI test: ${projectRoot} is not a git checkout (or git is missing).`);
}

const dir = isCheckout ? mkdtempSync(path.join(tmpdir(), 'paralens-clone-')) : '';
const clone = path.join(dir, 'paralens');
// Nothing of this process's Paralens or test setup may leak into the clone's commands.
const baseEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(PARALENS_|DATABASE_URL$|AUTH_SECRET$|VITEST|NODE_ENV$)/.test(key)),
);

function runIn(
  cwd: string,
  cmd: string,
  args: string[],
  options: { env?: Env; input?: string; timeoutMs?: number } = {},
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const env = { ...baseEnv, ...options.env } as NodeJS.ProcessEnv;
    const child = spawn(cmd, args, { cwd, env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 170_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}

const paralens = (args: string[], options: { env?: Env; input?: string } = {}) =>
  runIn(clone, 'npx', ['--no-install', 'paralens', ...args], options);

/** No stack frames, no Node internals, no raw error class dumps, on either stream. */
function expectNoStackTrace(out: Outcome): void {
  const text = `${out.stdout}\n${out.stderr}`;
  expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
  expect(text).not.toMatch(/node:internal|triggerUncaughtException|ERR_MODULE_NOT_FOUND/);
}

const freshDatabase = emptyDatabase(`paralens_clone_${Date.now()}`);

describe.skipIf(!isCheckout)('paralens in a fresh clone after only `npm ci`', () => {
  beforeAll(async () => {
    chmodSync(dir, 0o755); // the embedded PostgreSQL runs as the postgres user when we are root
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).stdout.trim();
    for (const args of [
      ['clone', '--quiet', '--no-checkout', projectRoot, clone],
      ['-C', clone, 'checkout', '--quiet', head],
    ]) {
      const git = await runIn(dir, 'git', args);
      if (git.code !== 0) throw new Error(`git ${args[0]} failed: ${git.stderr}`);
    }
    // Serialised with other installs on a shared machine (flock), from the npm cache where it can.
    const npm = ['npm', 'ci', '--prefer-offline', '--no-audit', '--no-fund'];
    const install = existsSync('/usr/bin/flock')
      ? await runIn(clone, 'flock', [path.join(tmpdir(), 'npm.lock'), ...npm], { timeoutMs: 600_000 })
      : await runIn(clone, npm[0]!, npm.slice(1), { timeoutMs: 600_000 });
    if (install.code !== 0) throw new Error(`npm ci failed in the clone:\n${install.stderr}`);
    expect(existsSync(path.join(clone, 'lib', 'db', 'generated'))).toBe(false);
  });

  afterAll(async () => {
    await freshDatabase.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('--help lists every command at once, before anything is prepared, and links node_modules/.bin/paralens', async () => {
    const out = await paralens(['--help']);
    expectNoStackTrace(out);
    expect(out.code).toBe(0);
    for (const name of ['agreement', 'corpora', 'correlate', 'import', 'sim', 'user'])
      expect(out.stdout).toMatch(new RegExp(`^  ${name} `, 'm'));
    expect(out.stdout).not.toContain('corpora-tidy');
    expect(out.stderr).toBe('');
    expect(existsSync(path.join(clone, 'lib', 'db', 'generated', 'client.ts'))).toBe(false);
    expect(existsSync(path.join(clone, 'node_modules', '.bin', 'paralens'))).toBe(true);
  });

  it('sim scores a pair (the Easter postcard pair of the paper, Table 5: R1 0.53), generating the Prisma client first', async () => {
    const out = await paralens(['sim'], {
      input:
        '{"id":1,"a":"An Easter postcard from 1907 depicting a rabbit.","b":"A 1907 postcard featuring the Easter Bunny."}\n',
    });
    expectNoStackTrace(out);
    expect(out.code).toBe(0);
    expect((JSON.parse(out.stdout) as { rouge1: number }).rouge1).toBeCloseTo(0.5333, 4);
    expect(out.stderr).toContain('Generating the Prisma client');
    expect(existsSync(path.join(clone, 'lib', 'db', 'generated', 'client.ts'))).toBe(true);
  });

  it('corpora starts the embedded database, seeds the demo data and lists it', async () => {
    const out = await paralens(['corpora']);
    expectNoStackTrace(out);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^PAWS-Wiki · demo sample\s+paws-wiki-demo-sample\s+none\s+300\s/m);
  });

  it('import reads a file into a new corpus, and corpora shows it', async () => {
    const out = await paralens(['import', 'prisma/demo/paws-wiki-dev-sample.tsv', '--corpus', 'Fresh clone check']);
    expectNoStackTrace(out);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^Imported: prisma\/demo\/paws-wiki-dev-sample\.tsv → Fresh clone check \(paws\)$/m);
    const listed = await paralens(['corpora', '--json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toContainEqual(expect.objectContaining({ name: 'Fresh clone check', pairs: 300 }));
  });

  it('user create makes the first admin of a fresh DATABASE_URL database', async () => {
    await freshDatabase.create();
    const env = { DATABASE_URL: freshDatabase.url };
    const out = await paralens(['user', 'create', '--email', 'owner@example.org', '--name', 'Owner', '--role', 'admin'], { env });
    expectNoStackTrace(out);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^Created the admin owner@example\.org \(Owner\)\.\nPassword \(shown once\): \S{16}\n$/);
    const listed = await paralens(['user', 'list', '--json'], { env });
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ email: 'owner@example.org', role: 'ADMIN', isActive: true }),
    ]);
  });

  it('an unreachable database is one line with a hint and exit code 1', async () => {
    const out = await paralens(['corpora'], { env: { DATABASE_URL: 'postgresql://nobody:secret@127.0.0.1:9/nowhere' } });
    expectNoStackTrace(out);
    expect(out.code).toBe(1);
    expect(
      out.stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('paralens')),
    ).toEqual([
      'paralens: cannot use the database at 127.0.0.1:9/nowhere (connection refused). Check DATABASE_URL, or unset it to use the embedded database. Nothing was changed.',
    ]);
  });
});
