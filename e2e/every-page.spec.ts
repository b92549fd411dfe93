/**
 * Every page (the rows of e2e/pages.ts, which e2e/pages.test.ts holds to app/**\/page.tsx) as every
 * visitor: signed out → the sign-in page; a role outside the row → the 403 page (or 404 where the
 * row says so); a role inside → the page renders, and at 1280×800 and 390×844 it is no wider than
 * the window, each label sits beside its control, the page header holds no empty height, and the
 * browser reports no console error, page error or failed request (support/layout-checks.ts); and
 * axe-core finds no serious or critical WCAG 2.1 A/AA violation at either width (support/axe.ts), as
 * the role of the row that sees the most of the page (the last of annotator, researcher, admin that
 * it renders for: an admin's page holds every control a researcher's does, and more). axe took half
 * of the browser's CPU in this spec; each role's own controls are still checked on the pages only it
 * sees, and its layout on every page. The sign-in, 403 and 404 pages a visitor meets are checked with
 * axe too, once per test.
 *
 * One browser context per visitor and share of the rows, signed in once, with two pages taking turns
 * through the rows (while one waits for the network to settle, the other works): the four visitors
 * run as eight tests side by side. On the shared 2-core machine (load 17-20) each took 2.2-4.4 minutes with one page,
 * the whole spec about 7. A row whose answer is the sign-in, 403 or 404 page is checked once the
 * answer is committed, without waiting for the page's scripts to load (axe, where it looks at that
 * page the first time, waits for them).
 */
import type { Page } from '@playwright/test';
import { test, expect, demoEmail, signInAs, type DemoRole } from './fixtures';
import { allRoles } from './authorization-table';
import { pageTable, type PageRow } from './pages';
import { layoutFaults } from './support/layout-checks';
import { axeFindings, describeFinding, isFailing, type AxeFinding } from './support/axe';

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

/** Who runs axe on a row's page: the last role (annotator, researcher, admin) it renders for, or the visitor of a public page. */
function axeVisitor(row: PageRow): Visitor {
  return [...allRoles].reverse().find((role) => expectedAccess(row, role) === 'renders') ?? 'signed out';
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

/** axe at the page's width now: failing findings become problems, every finding is counted for the report. */
async function checkAxe(page: Page, where: string, width: number, problems: string[], counts: Map<string, number>) {
  const findings: AxeFinding[] = await axeFindings(page);
  for (const f of findings) {
    counts.set(f.impact, (counts.get(f.impact) ?? 0) + 1);
    if (isFailing(f)) problems.push(`${where} at ${width}px: axe: ${describeFinding(f)}`);
  }
}

/** axe at both widths. */
async function checkAccessibility(page: Page, where: string, problems: string[], counts: Map<string, number>): Promise<void> {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await checkAxe(page, where, viewport.width, problems, counts);
  }
}

interface Visit {
  visitor: Visitor;
  problems: string[];
  axeCounts: Map<string, number>;
  /** the sign-in, 403 and 404 pages are the same page whatever led there: axe looks at each once */
  statusPagesChecked: Set<string>;
}

/** One row on `page`: its access, and where the visitor sees the page, its layout, axe and browser reports. */
async function visitRow(page: Page, reports: ReturnType<typeof watchBrowser>, pattern: string, row: PageRow, visit: Visit) {
  const { problems, axeCounts, statusPagesChecked } = visit;
  const access = expectedAccess(row, visit.visitor);
  const statusPage = access === 'sign-in' || access === 403 || access === 404;
  await page.setViewportSize(viewports[0]);
  reports.take();
  const response = await page.goto(row.path, statusPage ? { waitUntil: 'commit' } : undefined);
  const where = `${row.path} (${pattern})`;
  /** axe on the sign-in, 403 or 404 page the first time the visitor meets it, once its scripts have loaded */
  const checkStatusPage = async (kind: string) => {
    if (statusPagesChecked.has(kind)) return;
    statusPagesChecked.add(kind);
    await page.waitForLoadState('load');
    await checkAccessibility(page, `${where} → ${kind === 'sign-in' ? 'sign-in' : kind} page`, problems, axeCounts);
  };
  if (access === 'sign-in') {
    await expect(page, where).toHaveURL(/\/login\?callbackUrl=/);
    return checkStatusPage('sign-in');
  }
  if (access === 403 || access === 404) {
    expect(response?.status(), where).toBe(access);
    await expect(
      page.getByRole('heading', { name: access === 403 ? '403 · Not allowed' : '404 · Not found' }),
      where,
    ).toBeVisible();
    return checkStatusPage(String(access));
  }
  expect(response?.status(), where).toBe(200);
  if (access === 'redirects') {
    await expect(page, where).not.toHaveURL((url) => url.pathname === row.path.split('?')[0]);
    return;
  }
  await expect(page.getByRole('heading', { level: 1 }).first(), where).toBeVisible();
  await settle(page); // once: a resize fetches nothing
  // at each width the layout, then axe on the same layout: one resize per page
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    for (const fault of await lastingLayoutFaults(page)) problems.push(`${where} at ${viewport.width}px: ${fault}`);
    if (axeVisitor(row) === visit.visitor) await checkAxe(page, where, viewport.width, problems, axeCounts);
  }
  for (const report of reports.take()) problems.push(`${where}: ${report}`);
}

/**
 * Each visitor's rows in two shares, every other row each: a test of its own per share, so the
 * workers take them side by side and no single test holds the end of the run.
 */
const shares = 2;

for (const visitor of ['signed out', ...allRoles] as const) {
  for (let share = 0; share < shares; share++) {
    test(`${visitor} (rows ${share + 1} of ${shares}): every page answers as its row says, and the pages it sees are laid out whole at 1280 and 390 px`, async ({
      browser,
    }) => {
      // about 18 URLs at two widths, each possibly the server's first render of it: a whole
      // researcher's run took over 5 minutes on a 2-core machine shared with four other test runs
      test.setTimeout(600_000);
      const context = await browser.newContext({ viewport: viewports[0] });
      const first = await context.newPage();
      if (visitor !== 'signed out') {
        await signInAs(first, demoEmail(visitor));
        await expect(first.getByTestId('current-role')).toBeVisible();
      }
      const visit: Visit = { visitor, problems: [], axeCounts: new Map(), statusPagesChecked: new Set() };
      const rows = Object.entries(pageTable).filter((_, i) => i % shares === share);
      let next = 0;
      // two pages of the signed-in context, each taking the next row when done with its last
      await Promise.all(
        [first, await context.newPage()].map(async (page) => {
          const reports = watchBrowser(page);
          while (next < rows.length) {
            const [pattern, row] = rows[next++]!;
            await visitRow(page, reports, pattern, row, visit);
          }
        }),
      );
      await context.close();
      // every impact counted (rule × page × width), moderate and minor included, for the record
      const counts = [...visit.axeCounts].map(([impact, n]) => `${n} ${impact}`).join(', ');
      console.log(`axe as ${visitor}, rows ${share + 1} of ${shares}: ${counts || 'no violations'}`);
      expect(visit.problems, `layout faults and browser errors seen as ${visitor}`).toEqual([]);
    });
  }
}
