/**
 * Keyboard, phone and screen reader: the adjudication screen's `?` help and its answer keys after a
 * note, the cue a key that does nothing gives, the skip link, the top navigation as a menu at 390 px,
 * the explorer's rows with both texts stacked on a phone, and one `main` on the 403 and 404 pages.
 * The pages are saved for a look under PARALENS_SCREENS when it is set.
 */
import type { Page } from '@playwright/test';
import path from 'node:path';
import { setting } from '../lib/config/settings';
import { createCampaign, expect, openWorkbench, pageAs, test } from './workbench-helpers';
import { answerNext, newCampaign } from './support/quality-campaigns';

const phone = { width: 390, height: 844 };

async function saveScreen(page: Page, name: string): Promise<void> {
  const dir = setting('PARALENS_SCREENS');
  if (dir) await page.screenshot({ path: path.join(dir, name), fullPage: true });
}

test('adjudication: ? shows the shared shortcut help, and after a note and Esc the answer keys work on the first open question', async ({
  browser,
  baseURL,
  researcher,
}) => {
  test.setTimeout(150_000);
  const campaign = await newCampaign(researcher, {
    questions: ['semantic', 'relation', 'rationale'],
    members: ['annotator', 'admin'],
    size: 1,
    overlap: 2,
  });
  const annotator = await pageAs(browser, 'annotator', baseURL);
  const admin = await pageAs(browser, 'admin', baseURL);
  await answerNext(annotator.request, campaign.id, { semantic: 1, relation: 'forward', rationale: 'A detail is missing.' });
  await answerNext(admin.request, campaign.id, { semantic: 4, relation: 'equivalence', rationale: 'The same.' });

  const staff = await pageAs(browser, 'researcher', baseURL);
  await staff.goto(`/adjudicate/${campaign.slug}`);
  await expect(staff.getByRole('radio', { name: /unrelated/ })).toBeFocused();
  await staff.keyboard.press('?');
  const help = staff.getByRole('region', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  // the review screen's own keys, not the workbench's skip and history
  await expect(help).toContainText('previous pair');
  await expect(help).not.toContainText('skip this pair');
  await saveScreen(staff, 'adjudicate-help-1280.png');
  await staff.keyboard.press('?');
  await expect(help).toBeHidden();

  // a note first, then Esc: the outline goes back to the first open question and its keys answer it
  await staff.keyboard.press('t');
  await expect(staff.getByRole('textbox', { name: /Note/ })).toBeFocused();
  await staff.keyboard.type('Both are defensible.');
  await staff.keyboard.press('Escape');
  await expect(staff.getByRole('radio', { name: /unrelated/ })).toBeFocused();
  await staff.keyboard.press('3');
  await expect(staff.getByRole('radio', { name: /mostly the same meaning/ })).toBeChecked();
  await staff.keyboard.press('e');
  await expect(staff.getByRole('radio', { name: /Equivalence/ })).toBeChecked();
  for (const p of [annotator, admin, staff]) await p.context().close();
});

test('workbench: a relation key pressed once the outline is on Submit says why it did nothing', async ({
  page,
  loginAs,
  researcher,
}) => {
  const campaign = await createCampaign(researcher, { size: 1, questions: ['relation'] });
  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);
  await page.keyboard.press('e');
  await expect(page.getByRole('button', { name: /Submit/ })).toBeFocused();
  await page.keyboard.press('f');
  const cue = page.getByTestId('key-cue');
  await expect(cue).toContainText('f');
  await expect(cue).toContainText('no question is outlined');
  await expect(page.getByRole('radio', { name: /Equivalence/ })).toBeChecked();
  // ↑ goes back to the question, and then the key answers it
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('f');
  await expect(page.getByRole('radio', { name: /Forward/ })).toBeChecked();
  await expect(cue).toBeHidden();
  // a key no question takes says so too
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('7');
  await expect(cue).toContainText('7 does not answer');
  await saveScreen(page, 'workbench-key-cue-1280.png');
});

test('a skip link leads past the navigation to the page', async ({ page, loginAs }) => {
  await loginAs('researcher');
  await page.goto('/corpora');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the page' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('at 390 px the top navigation is a menu: nothing scrolls sideways or is cut off', async ({ page, loginAs }) => {
  await loginAs('researcher');
  await page.setViewportSize(phone);
  await page.goto('/corpora');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await saveScreen(page, 'nav-closed-390.png');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav).toBeVisible();
  const links = nav.getByRole('link');
  expect(await links.count()).toBeGreaterThan(5);
  for (const link of await links.all()) {
    await expect(link).toBeInViewport({ ratio: 1 });
    const box = (await link.boundingBox())!;
    expect(box.x, await link.innerText()).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, await link.innerText()).toBeLessThanOrEqual(phone.width);
    // the whole label shows (no ellipsis, no clipping)
    expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
  expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(nav.getByRole('link', { name: 'Campaigns', exact: true })).toBeVisible();
  await saveScreen(page, 'nav-open-390.png');
  // a link closes the menu and goes there
  await nav.getByRole('link', { name: 'Campaigns', exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // at 1280 px the side navigation is there without a menu button
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(nav).toBeVisible();
  await expect(menu).toBeHidden();
});

test('on a phone the explorer shows each pair with both texts stacked', async ({ page, loginAs }) => {
  await loginAs('researcher');
  await page.setViewportSize(phone);
  await page.goto('/explore?corpus=paws-wiki-demo-sample');
  const row = page.getByRole('table', { name: 'Pairs' }).locator('tbody tr').first();
  const [a, b] = [row.locator('td').nth(1), row.locator('td').nth(2)];
  await row.scrollIntoViewIfNeeded(); // below the filters
  await expect(a).toBeInViewport();
  await expect(b).toBeInViewport();
  const boxA = (await a.boundingBox())!;
  const boxB = (await b.boundingBox())!;
  // one above the other, each as wide as most of the screen, neither past its edge
  expect(boxB.y).toBeGreaterThanOrEqual(boxA.y + boxA.height - 1);
  for (const box of [boxA, boxB]) {
    expect(box.width).toBeGreaterThan(phone.width * 0.7);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  }
  // the other columns are still there, each with its name above its value
  const names = await row
    .locator('td')
    .evaluateAll((cells) => cells.map((td) => getComputedStyle(td, '::before').content.replace(/^"|"$/g, '')));
  expect(names).toEqual(expect.arrayContaining(['Text A', 'Text B', 'sem', 'syn']));
  await saveScreen(page, 'explore-390.png');
});

test('the 403 and 404 pages have one main landmark', async ({ page, loginAs }) => {
  await loginAs('annotator');
  for (const [url, status] of [
    ['/corpora', 403],
    ['/corpora/no-such-corpus-here', 403],
    ['/annotate/no-such-campaign', 404],
  ] as const) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(status);
    await expect(page.locator('main'), url).toHaveCount(1);
    await expect(page.locator('main main'), url).toHaveCount(0);
  }
});
