/**
 * Shared by the workbench end-to-end specs: a `researcher` fixture (API calls as the demo
 * researcher, who creates each test's campaign through POST /api/v1/campaigns and reads what was
 * stored through the JSON Lines export), signed-in pages for other demo users, and locators.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test as base, expect, signInAs, demoEmail, type DemoRole } from './fixtures';

const DEMO_CORPUS = 'paws-wiki-demo-sample';

export interface Line {
  pairId: number;
  annotator: string;
  submissionId: string;
  version: number;
  answers: Record<string, unknown>;
}

/** Cookie-authenticated writes must name this site as their Origin, as the workbench's own fetch does. */
export const sameSite = (baseURL: string | undefined) => ({ Origin: new URL(baseURL!).origin });

/** A signed-in page of its own for a demo user (closed after the test). */
export async function pageAs(browser: Browser, role: DemoRole, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: sameSite(baseURL) });
  const page = await context.newPage();
  await signInAs(page, demoEmail(role));
  await expect(page.getByTestId('current-role')).toBeVisible();
  return page;
}

/** `researcher`: API calls as the demo researcher, who creates each test's campaign and reads what was stored. */
export const test = base.extend<{ researcher: APIRequestContext }>({
  researcher: async ({ browser, baseURL }, use) => {
    const page = await pageAs(browser, 'researcher', baseURL);
    await use(page.request);
    await page.context().close();
  },
});

export async function createCampaign(
  researcher: APIRequestContext,
  spec: {
    size: number;
    questions: unknown[];
    overlap?: number;
    randomiseOrder?: boolean;
    members?: string[];
    guidelines?: string;
  },
) {
  const seed = Date.now() % 100_000;
  // a different draw each run: the seed goes into the report and into failure messages that depend on the draw
  test.info().annotations.push({ type: 'sample seed', description: `${DEMO_CORPUS}, random ${spec.size}, seed ${seed}` });
  const res = await researcher.post('/api/v1/campaigns', {
    data: {
      name: `E2E workbench ${Date.now()} ${Math.random().toString(36).slice(2, 7)}`,
      corpora: [DEMO_CORPUS],
      sample: { strategy: 'random', size: spec.size, seed },
      questions: spec.questions,
      overlap: spec.overlap ?? 1,
      goldEvery: 0,
      randomiseOrder: spec.randomiseOrder ?? true,
      members: spec.members ?? [demoEmail('annotator')],
      guidelines: spec.guidelines,
      status: 'active',
    },
  });
  expect(res.status(), `seed ${seed}: ${await res.text()}`).toBe(201);
  return { ...((await res.json()) as { id: number; slug: string; items: number }), seed };
}

export async function storedLines(researcher: APIRequestContext, campaignId: number): Promise<Line[]> {
  const res = await researcher.get(`/api/v1/campaigns/${campaignId}/annotations`);
  expect(res.status()).toBe(200);
  return (await res.text())
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Line);
}

/** One row per pair and annotator: no duplicates. */
export function expectNoDuplicates(lines: Line[]) {
  const keys = lines.map((l) => `${l.pairId}/${l.annotator}`);
  expect(new Set(keys).size).toBe(keys.length);
}

export const pairTexts = async (page: Page) =>
  [await page.getByTestId('pair-text-1').innerText(), await page.getByTestId('pair-text-2').innerText()] as const;
export const saveStatus = (page: Page) => page.getByTestId('save-status');

/** Opens a campaign's workbench and waits until the first pair and its questions are there. */
export async function openWorkbench(page: Page, slug: string) {
  await page.goto(`/annotate/${slug}`);
  await expect(page.getByTestId('pair-text-1')).toBeVisible();
  await expect(page.locator('#workbench-form input').first()).toBeFocused();
}

export { expect };
