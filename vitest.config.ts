import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': root };

// Two projects: `unit` (pure, no services) and `db` (a real PostgreSQL the global setup starts).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'scripts/**/*.test.ts', 'components/**/*.test.ts', 'prisma/**/*.test.ts'],
          exclude: ['**/*.db.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'db',
          include: ['**/*.db.test.ts'],
          exclude: ['node_modules/**'],
          environment: 'node',
          globalSetup: ['lib/db/testing/global-setup.ts'],
          setupFiles: ['lib/db/testing/worker-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
