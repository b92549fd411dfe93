import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': root };

// `unit` (pure, no services), `db` (a real PostgreSQL the global setup starts) and `cli-clone`
// (the command line in a fresh clone after `npm ci`: minutes of installing, so `npm test` runs it
// as a step of its own rather than beside the other tests).
const dbSetup = {
  globalSetup: ['lib/db/testing/global-setup.ts'],
  setupFiles: ['lib/db/testing/worker-setup.ts'],
};
const cliCloneTest = 'scripts/cli/fresh-clone.test.ts';
// `launcher`: `npm start` itself, on the production build (npm test runs it after its build step).
const launcherTests = 'scripts/**/*.launcher.test.ts';
// `slow`: pure tests that take seconds each (they spawn the command line or the launcher, build a
// package, or check every caption of the shared dumps): in `npm test`, left out of `npm run test:quick`.
const slowTests = '**/*.slow.test.ts';
const pureTests = [
  'lib/**/*.test.ts',
  'scripts/**/*.test.ts',
  'components/**/*.test.ts',
  'prisma/**/*.test.ts',
  'e2e/**/*.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core machine, which
    // left a core idle while a database test waited for PostgreSQL or a slow test for its child
    // process. Two at least (each db worker has its own cloned database).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: pureTests,
          exclude: ['**/*.db.test.ts', slowTests, cliCloneTest, launcherTests, 'node_modules/**'],
          environment: 'node',
          // Pure tests share worker threads, modules loaded once: 31 s instead of 127 s on two cores
          // (a process per file spent most of it starting and importing). So a unit test must leave no
          // state behind: no module mocks or fake timers, and it restores what it sets; spies, stubbed
          // globals and environment variables are restored after each test here, whatever the test does.
          pool: 'threads',
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
          unstubEnvs: true,
          // Pure tests take milliseconds; on a machine shared with other work a heavy one (60,000 draws of
          // a chi-square check) once took 6 s, so the limit is one no test reaches by itself.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'slow',
          include: pureTests.map((glob) => glob.replace(/\*\.test\.ts$/, '*.slow.test.ts')),
          exclude: ['node_modules/**'],
          environment: 'node',
          // seconds each by design: scripts/lint/types-and-lint.slow.test.ts builds a TypeScript
          // program and lints it (4.9 s alone, 8-10 s at load 5), past Vitest's default of 5 s
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'db',
          include: ['**/*.db.test.ts'],
          // Files share a worker process (forks), each still with its own database, modules evaluated
          // anew and the handles of the one before closed (lib/db/testing/worker-setup.ts): starting a
          // process and its imports for each file cost about 1.5 s of CPU a file (16 short files: 47 s
          // of CPU in a process each, 23 s sharing two).
          isolate: false,
          // After the unit and slow tests, not among them: Vitest hands a shared process the next file
          // only when that file is of the same project, so interleaved files would each start one again.
          sequence: { groupOrder: 1 },
          // next-auth imports `next/server` without an extension, which Node's ESM loader cannot
          // resolve; inlined, Vite resolves it, so tests can call real route handlers.
          // Prisma's schema engine (WebAssembly, lib/db/schema-engine.ts) is inlined too, so each file of a
          // shared worker starts one of its own, as a fresh process did: a second start of the one module hangs.
          server: { deps: { inline: ['next-auth', '@prisma/schema-engine-wasm'] } },
          exclude: ['node_modules/**'],
          environment: 'node',
          ...dbSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'launcher',
          include: [launcherTests],
          environment: 'node',
          testTimeout: 6 * 60_000,
          hookTimeout: 15 * 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'cli-clone',
          include: [cliCloneTest],
          environment: 'node',
          ...dbSetup,
          testTimeout: 180_000,
          hookTimeout: 720_000,
        },
      },
    ],
  },
});
