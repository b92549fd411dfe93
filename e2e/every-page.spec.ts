/**
 * Every page (the rows of e2e/pages.ts, which e2e/pages.test.ts holds to app/**\/page.tsx) as every
 * visitor: signed out → the sign-in page; a role outside the row → the 403 page (or 404 where the
 * row says so); a role inside → the page renders, and at 1280×800 and 390×844 it is no wider than
 * the window, each label sits beside its control, the page header holds no empty height, and the
 * browser reports no console error, page error or failed request (support/layout-checks.ts).
 *
 * One browser context per visitor, one page reused for every URL: the four visitors run as four
 * tests side by side. On the shared 2-core machine (load 17-20) each took 2.2-4.4 minutes, the
 * whole spec about 7.
 */
import type { Page } from '@playwright/test';
import { test, expect, demoEmail, demoPassword, signIn, type DemoRole } from './fixtures';
import { allRoles } from './authorization-table';
import { pageTable, type PageRow } from './pages';
import { layoutFaults } from './support/layout-checks';

const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** What the browser reported since the last `take()`: console errors, uncaught errors, failed requests and error answers. */
function watchBrowser(page: Page) {
  let seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // a request the next navigation cut short (a prefetch, a stream) is not a fault of the page
    if (!failure.includes('ERR_ABORTED')) seen.push(`request failed: ${request.method()} ${request.url()} (${failure})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && response.request().resourceType() !== 'document')
      seen.push(`${response.status()} for ${response.request().method()} ${response.url()}`);
  });
  return {
    take(): string[] {
      const all = seen;
      seen = [];
      return all;
    },
  };
}

type Visitor = DemoRole | 'signed out';

function expectedAccess(row: PageRow, visitor: Visitor): 'renders' | 'redirects' | 'sign-in' | 403 | 404 {
  if (visitor === 'signed out') return row.roles === 'public' ? 'renders' : 'sign-in';
  if (row.roles === 'public') return 'redirects'; // the sign-in page sends a signed-in user home
  if (!row.roles.includes(visitor)) return row.denied ?? 403;
  return row.redirects ? 'redirects' : 'renders';
}

async function settle(page: Page): Promise<void> {
  // client components fetch after hydration (the workbench, job lists); a page that keeps polling never idles, hence the cap
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/**
 * The faults that last: a chart sizes itself in a ResizeObserver callback some frames after a
 * resize, so a fault gets 3 s to go away.
 */
async function lastingLayoutFaults(page: Page): Promise<string[]> {
  let faults: string[] = [];
  await expect
    .poll(async () => (faults = await layoutFaults(page)), { timeout: 3_000 })
    .toEqual([])
    .catch(() => undefined);
  return faults;
}

for (const visitor of ['signed out', ...allRoles] as const) {
  test(`${visitor}: every page answers as its row says, and the pages it sees are laid out whole at 1280 and 390 px`, async ({
    browser,
  }) => {
    // about 35 URLs at two widths, each possibly the server's first render of it: the researcher's
    // run took over 5 minutes on a 2-core machine shared with four other test runs
    test.setTimeout(600_000);
    const context = await browser.newContext({ viewport: viewports[0] });
    const page = await context.newPage();
    const browserReports = watchBrowser(page);
    if (visitor !== 'signed out') {
      await signIn(page, demoEmail(visitor), demoPassword);
      await expect(page.getByTestId('current-role')).toBeVisible();
    }
    const problems: string[] = [];
    for (const [pattern, row] of Object.entries(pageTable)) {
      const access = expectedAccess(row, visitor);
      await page.setViewportSize(viewports[0]);
      browserReports.take();
      const response = await page.goto(row.path);
      const where = `${row.path} (${pattern})`;
      if (access === 'sign-in') {
        await expect(page, where).toHaveURL(/\/login\?callbackUrl=/);
        continue;
      }
      if (access === 403 || access === 404) {
        expect(response?.status(), where).toBe(access);
        await expect(
          page.getByRole('heading', { name: access === 403 ? '403 · Not allowed' : '404 · Not found' }),
          where,
        ).toBeVisible();
        continue;
      }
      expect(response?.status(), where).toBe(200);
      if (access === 'redirects') {
        await expect(page, where).not.toHaveURL((url) => url.pathname === row.path.split('?')[0]);
        continue;
      }
      await expect(page.getByRole('heading', { level: 1 }).first(), where).toBeVisible();
      await settle(page); // once: a resize fetches nothing
      for (const viewport of viewports) {
        await page.setViewportSize(viewport);
        for (const fault of await lastingLayoutFaults(page)) problems.push(`${where} at ${viewport.width}px: ${fault}`);
      }
      for (const report of browserReports.take()) problems.push(`${where}: ${report}`);
    }
    await context.close();
    expect(problems, `layout faults and browser errors seen as ${visitor}`).toEqual([]);
  });
}
