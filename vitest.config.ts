import { defineConfig } from 'vitest/config';
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

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'scripts/**/*.test.ts', 'components/**/*.test.ts', 'prisma/**/*.test.ts', 'e2e/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', cliCloneTest, launcherTests, 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'db',
          include: ['**/*.db.test.ts'],
          // next-auth imports `next/server` without an extension, which Node's ESM loader cannot
          // resolve; inlined, Vite resolves it, so tests can call real route handlers.
          server: { deps: { inline: ['next-auth'] } },
          exclude: ['node_modules/**'],
          environment: 'node',
          ...dbSetup,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'launcher', include: [launcherTests], environment: 'node', testTimeout: 6 * 60_000, hookTimeout: 15 * 60_000 },
      },
      {
        resolve: { alias },
        test: { name: 'cli-clone', include: [cliCloneTest], environment: 'node', ...dbSetup, testTimeout: 180_000, hookTimeout: 720_000 },
      },
    ],
  },
});
