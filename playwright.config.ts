/**
 * End-to-end tests in Debian's Chromium against the real app: the web server is the README's
 * `npm start` path (bootstrap → embedded PostgreSQL in a fresh PARALENS_HOME → demo seed → next start).
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.PARALENS_E2E_PORT ?? 3217);
const baseURL = `http://127.0.0.1:${port}`;
if (!process.env.PARALENS_E2E_HOME) {
  const home = mkdtempSync(path.join(tmpdir(), 'paralens-e2e-'));
  chmodSync(home, 0o755); // PostgreSQL runs as the postgres user when we are root
  process.env.PARALENS_E2E_HOME = home;
}

export default defineConfig({
  testDir: 'e2e',
  // e2e/*.test.ts are unit tests of the e2e tables (vitest)
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node scripts/bootstrap.mjs start',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: { PORT: String(port), HOST: '127.0.0.1', PARALENS_HOME: process.env.PARALENS_E2E_HOME, DATABASE_URL: '' },
  },
});
