/**
 * End-to-end tests in Debian's Chromium (its headless shell, docs/decisions/019) against the real app:
 * the web server is the README's `npm start` path (bootstrap → embedded PostgreSQL in a fresh
 * PARALENS_HOME → demo seed → next start), with the Mining page's default dumps folder
 * (PARALENS_HOME/dumps: the demo's excerpt, and what e2e/support/dumps-folder.ts adds;
 * PARALENS_E2E_DUMPS names another folder), and model run #1 on the demo campaign made against an
 * OpenAI-compatible stand-in once the server is up (e2e/support/model-run-setup.ts).
 * `npm run e2e -- <spec>` (scripts/e2e.ts) instead keeps one server and home up between runs and sets
 * PARALENS_E2E_HOME and PARALENS_E2E_REUSE_SERVER. Tests sign in by writing the session cookie
 * (e2e/support/session.ts), except the specs of the login form itself.
 */
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { setting } from './lib/config/settings';
import { prepareDumpsFolder } from './e2e/support/dumps-folder';

const port = setting('PARALENS_E2E_PORT');
const baseURL = `http://127.0.0.1:${port}`;
// Made once, in the main process; the workers inherit the variable.
const e2eHome =
  setting('PARALENS_E2E_HOME') ??
  (process.env.PARALENS_E2E_HOME = (() => {
    const home = mkdtempSync(path.join(tmpdir(), 'paralens-e2e-'));
    chmodSync(home, 0o755); // PostgreSQL runs as the postgres user when we are root
    return home;
  })());
// unset, the server uses its default PARALENS_HOME/dumps, prepared here before it starts
const dumpsDir = setting('PARALENS_E2E_DUMPS') ?? '';
if (!dumpsDir) prepareDumpsFolder(path.join(e2eHome, 'dumps'));

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
  // runs after the web server has started (Playwright starts webServer before globalSetup)
  globalSetup: './e2e/support/model-run-setup.ts',
  use: {
    baseURL,
    // `npm test` turns the trace off (scripts/test.ts): it cost a quarter of the browser's CPU
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: setting('CHROMIUM_PATH'),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // V8's interpreter and baseline compiler only: the optimising tiers (TurboFan, Maglev) compiled
        // code that a test page runs for seconds and then throws away. The same semantics, a fifth
        // less of the browser's CPU in every-page (docs/benchmarks.md, "npm test and test:quick").
        '--js-flags=--no-opt --no-maglev',
      ],
    },
  },
  webServer: {
    command: 'node scripts/bootstrap.mjs start',
    url: `${baseURL}/api/health`,
    // `npm run e2e` (scripts/e2e.ts) keeps a server up between runs; `npm test` boots a fresh one
    reuseExistingServer: setting('PARALENS_E2E_REUSE_SERVER'),
    timeout: 240_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    env: { PORT: String(port), HOST: '127.0.0.1', PARALENS_HOME: e2eHome, PARALENS_DUMPS_DIR: dumpsDir, DATABASE_URL: '' },
  },
});
