/**
 * `npm test`: every check, in order, stopping at the first failure: formatting beside the typecheck
 * and lint (one process, scripts/lint/types-and-lint.ts), unit and database tests (vitest; the db
 * project starts its own PostgreSQL), the command line in a fresh clone after `npm ci` (in the
 * background beside lint+types, which keeps one core busy; its output is shown when it ends), the
 * production build, the launcher
 * (`npm start` itself, which needs the build: scripts/*.launcher.test.ts; two instances behind
 * Debian's nginx, which scripts/lib/local-proxy.ts installs when missing), and the end-to-end tests
 * in Debian's Chromium headless shell (installed with apt-get when missing and we are root;
 * so is lbzip2, which the miner uses to read .bz2 dumps), and pg_dump 18 for the backup tests
 * (`npm run pg-client`).
 * Prints how long each step took, the CPU time its processes used (so whether it computed or
 * waited), how busy the machine's cores were meanwhile (every process, the PostgreSQL servers the
 * steps started included: what idle capacity is left), and the machine's load average.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { projectRoot } from '@/lib/runtime/paralens-home';
import { isBuildStale } from './lib/build-freshness';
import { aptInstall } from './lib/apt-install';
import { PG_CLIENT_DIR } from '@/lib/runtime/pg-tools';
import { setting } from '@/lib/config/settings';
import { childCpuSeconds, machineCpuSeconds } from './lib/child-cpu';
import { startInBackground, type BackgroundStep } from './lib/background-step';

const chromium = setting('CHROMIUM_PATH');
const bin = (name: string): string => path.join(projectRoot, 'node_modules', '.bin', name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: '' };

interface Step {
  name: string;
  run: () => number;
  /** run only when named (`npm run test:quick` names it; `npm test` runs unit+db, with the slow unit tests, instead) */
  onlyWhenNamed?: boolean;
  /**
   * when the step of this name runs too, this one runs in the background beside it (its output shown
   * when it ends): for a step that mostly waits beside one that leaves a core idle
   */
  beside?: { step: string; cmd: string; args: string[] };
}

function exec(cmd: string, args: string[]): number {
  const result = spawnSync(cmd, args, { cwd: projectRoot, stdio: 'inherit', env });
  return result.status ?? 1;
}

/**
 * The end-to-end tests' browser: Debian's Chromium headless shell (package chromium-headless-shell,
 * the same Chromium build as the package chromium, without the windowed browser's parts: what
 * Playwright itself runs headless tests in; docs/decisions/019-e2e-headless-shell.md).
 */
function ensureChromium(): number {
  if (existsSync(chromium)) return 0;
  const debianPackage = path.basename(chromium) === 'chromium-headless-shell' ? 'chromium-headless-shell' : 'chromium';
  if (aptInstall(debianPackage, chromium)) return 0;
  console.error(
    `The end-to-end tests need Chromium at ${chromium}. Install it with: sudo apt-get install -y ${debianPackage} (or set CHROMIUM_PATH).`,
  );
  return 1;
}

/** The miner decompresses with lbzip2 (docs/mining.md) and falls back to bzip2, so a missing lbzip2 only warns. */
function ensureLbzip2(): number {
  if (existsSync('/usr/bin/lbzip2') || aptInstall('lbzip2', '/usr/bin/lbzip2')) return 0;
  console.warn('lbzip2 is missing (install it with: sudo apt-get install -y lbzip2); the mining tests use bzip2 instead.');
  return 0;
}

/**
 * The backup tests run PostgreSQL's own pg_dump and pg_restore of the embedded server's version, which
 * the embedded package does not ship: `npm run pg-client` installs or builds them (once; a few minutes
 * the first time).
 */
function ensurePgClient(): number {
  const found = [path.join(PG_CLIENT_DIR, '18', 'bin'), '/usr/lib/postgresql/18/bin'].some((dir) =>
    existsSync(path.join(dir, 'pg_dump')),
  );
  if (found || setting('PARALENS_PG_BIN')) return 0;
  console.log('pg_dump 18 is missing: npm run pg-client …');
  return exec('sh', [path.join(projectRoot, 'scripts', 'pg-client', 'install.sh')]);
}

const q = (p: string) => JSON.stringify(p);
// Prettier beside the typecheck and ESLint on one TypeScript program (scripts/lint/types-and-lint.ts):
// `npm test` lints every file, as on a clean clone (CI); `npm run test:quick` type-checks every file
// and lints those changed since the last commit.
const prettierCheck = `${q(bin('prettier'))} --check . --log-level warn`;
const typesAndLint = `${q(process.execPath)} --import tsx ${q(path.join(projectRoot, 'scripts/lint/types-and-lint.ts'))}`;
const staticChecks = (lintOptions: string) =>
  `${prettierCheck} & format=$!; ${typesAndLint} ${lintOptions}; checks=$?; wait $format && [ $checks -eq 0 ]`;
const only = new Set(process.argv.slice(2));
const steps: Step[] = [
  { name: 'chromium', run: ensureChromium },
  { name: 'lbzip2', run: ensureLbzip2 },
  { name: 'pg-client', run: ensurePgClient },
  // formatting (Prettier) beside the typecheck and ESLint (the rules, the folder boundaries, file
  // length and comment width) on one program
  { name: 'lint+types', run: () => exec('sh', ['-c', staticChecks('')]) },
  // `npm run test:quick`: the same, linting only the files changed since the last commit, with the
  // unit tests beside it
  { name: 'static', run: () => exec('sh', ['-c', staticChecks('--changed')]), onlyWhenNamed: true },
  {
    name: 'unit',
    run: () => exec(bin('vitest'), ['run', '--project', 'unit']),
    onlyWhenNamed: true,
    // test:quick: the typecheck keeps one core busy; the unit tests take the other
    beside: { step: 'static', cmd: bin('vitest'), args: ['run', '--project', 'unit'] },
  },
  { name: 'unit+db', run: () => exec(bin('vitest'), ['run', '--project', 'unit', '--project', 'slow', '--project', 'db']) },
  {
    name: 'cli-clone',
    run: () => exec(bin('vitest'), ['run', '--project', 'cli-clone']),
    // mostly `npm ci` and waiting for the command line; lint+types keeps one core busy (ESLint) once the
    // typecheck is done, so the other does this meanwhile
    beside: { step: 'lint+types', cmd: bin('vitest'), args: ['run', '--project', 'cli-clone'] },
  },
  {
    name: 'build',
    run: () =>
      isBuildStale() ? exec(process.execPath, [path.join(projectRoot, 'node_modules/next/dist/bin/next'), 'build']) : 0,
  },
  { name: 'launcher', run: () => exec(bin('vitest'), ['run', '--project', 'launcher']) },
  // Without Playwright's trace: recording one for every test (kept on failure) cost a quarter of the
  // browser's and the runner's CPU (docs/benchmarks.md), while a failing test's message is printed and
  // its screenshot and page (error-context.md) are kept in test-results/ all the same. `npm run e2e --
  // <spec>` keeps recording the trace for the spec being worked on.
  { name: 'e2e', run: () => exec(bin('playwright'), ['test', '--trace', 'off']) },
].filter((s) => (only.size === 0 ? !s.onlyWhenNamed : only.has(s.name)));

/**
 * A step's wall time, and the CPU time its processes used (scripts/lib/child-cpu.ts) as cores busy
 * on average: near the machine's core count the step can only get faster by doing less.
 */
function timing(name: string, seconds: number, cpuSeconds: number | null, machine?: MachineUse | null): string {
  const cores =
    cpuSeconds === null || seconds < 1
      ? ''
      : `  CPU ${cpuSeconds.toFixed(0).padStart(5)} s = ${(cpuSeconds / seconds).toFixed(1)} cores`;
  const busy =
    machine && seconds >= 1
      ? `  machine ${((100 * machine.busy) / (machine.busy + machine.idle)).toFixed(0).padStart(3)} % busy`
      : '';
  return `${name.padEnd(10)} ${seconds.toFixed(1).padStart(6)} s${cores}${busy}`;
}

type MachineUse = NonNullable<ReturnType<typeof machineCpuSeconds>>;
/** The machine's busy and idle CPU seconds since `before` (every process: the PostgreSQL servers too). */
function machineSince(before: MachineUse | null): MachineUse | null {
  const now = machineCpuSeconds();
  return before && now ? { busy: now.busy - before.busy, idle: now.idle - before.idle } : null;
}

const timings: string[] = [];
const started = Date.now();
// the machine's load (1, 5 and 15 minutes) as the run began: the times mean little without it
const loadAtStart = loadavg()
  .map((n) => n.toFixed(1))
  .join(' ');
const cpuAtStart = childCpuSeconds();
const machineAtStart = machineCpuSeconds();
const failed = (name: string, code: number): never => {
  console.error(`\n${timings.join('\n')}\n\nnpm test: the ${name} step failed.`);
  process.exit(code);
};
const backgroundOf = (name: string) => steps.filter((s) => s.beside?.step === name);
for (const step of steps) {
  if (step.beside && steps.some((s) => s.name === step.beside!.step)) continue; // ran beside its step
  const besides: BackgroundStep[] = backgroundOf(step.name).map(({ name, beside }) =>
    startInBackground(name, beside!.cmd, beside!.args, { cwd: projectRoot, env }),
  );
  const alongside = besides.length ? ` (${besides.map((b) => b.name).join(', ')} beside it)` : '';
  console.log(`\n━━ ${step.name}${alongside} ━━`);
  const t0 = Date.now();
  const cpu0 = childCpuSeconds();
  const machine0 = machineCpuSeconds();
  const code = step.run();
  // with its background steps: the machine's share that all of them together kept busy
  const machine = machineSince(machine0);
  // the background steps' processes are reaped after this, so they do not count here
  const cpu1 = childCpuSeconds();
  const cpu = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0;
  timings.push(`${timing(step.name, (Date.now() - t0) / 1000, cpu, machine)}${code === 0 ? '' : '  FAILED'}`);
  if (code !== 0) {
    for (const b of besides) b.stop();
    failed(step.name, code);
  }
  for (const b of besides) {
    const cpuBefore = childCpuSeconds();
    const end = await b.done;
    const cpuAfter = childCpuSeconds();
    console.log(`\n━━ ${b.name} (ran beside ${step.name}) ━━\n${b.output()}`);
    b.remove();
    const used = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    timings.push(`${timing(b.name, end.seconds, used)}  beside ${step.name}${end.code === 0 ? '' : '  FAILED'}`);
    if (end.code !== 0) failed(b.name, end.code);
  }
}
const cpuAtEnd = childCpuSeconds();
const totalCpu = cpuAtStart === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtStart;
const load = `load average ${loadAtStart} at the start, ${loadavg()
  .map((n) => n.toFixed(1))
  .join(' ')} at the end`;
console.log(
  `\n${timings.join('\n')}\n${timing('total', (Date.now() - started) / 1000, totalCpu, machineSince(machineAtStart))}\n${load}\n\nAll checks passed.`,
);
