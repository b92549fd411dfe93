/**
 * The explorer in Chromium: filter through the form, sort by a header, check the rows shown against
 * the API for the same URL, page on, choose columns and density (kept in the URL), move with the
 * keyboard from anywhere but a field, open a pair, highlight what its texts share and walk previous /
 * next within the view.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

const PAWS = 'paws-wiki-demo-sample';

/** The ids of the rows shown, in order. */
async function shownIds(page: Page): Promise<number[]> {
  const ids = await page
    .getByRole('table', { name: 'Pairs' })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-pair-id'))));
  return ids;
}

/** What the API answers for the view in the address bar (its filter part). */
async function apiIds(page: Page): Promise<{ ids: number[]; total: number }> {
  const url = new URL(page.url());
  for (const p of ['cols', 'widths', 'density', 'dir', 'from']) url.searchParams.delete(p);
  url.searchParams.set('count', 'true');
  const res = await page.request.get(`/api/v1/pairs?${url.searchParams.toString()}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { pairs: Array<{ id: number }>; total: number };
  return { ids: body.pairs.map((p) => p.id), total: body.total };
}

test('filter, sort, page, choose columns and open pairs within the view', async ({ page, loginAs }) => {
  // about twenty page loads: under a loaded CI machine more than the default minute
  test.setTimeout(150_000);
  await loginAs('researcher');
  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Explorer' })).toBeVisible();

  // Filter: the PAWS sample, label 1, BLEU at least 0.2.
  const form = page.getByRole('form', { name: 'Filters' });
  await form.getByText('all corpora').click();
  await form.getByRole('checkbox', { name: 'PAWS-Wiki · demo sample' }).check();
  await expect(form.getByText('PAWS-Wiki · demo sample', { exact: true }).first()).toBeVisible();
  await form.getByLabel('Source label').fill('1');
  await form.getByText('Measure ranges').click();
  await form.getByLabel('BLEU at least').fill('0.2');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/min\.bleu=0\.2/);
  expect(new URL(page.url()).searchParams.get('corpus')).toBe(PAWS);
  // the filtered page's scripts must have run before its column headers sort
  await page.waitForLoadState('networkidle');

  // Sort by BLEU, descending on the first click, by the column header.
  await page.getByRole('table', { name: 'Pairs' }).getByRole('button', { name: /^BLEU/ }).click();
  await expect(page).toHaveURL(/sort=-bleu/);
  const expected = await apiIds(page);
  expect(expected.total).toBeGreaterThan(0);
  await expect.poll(() => shownIds(page)).toEqual(expected.ids);
  await expect(page.getByTestId('pair-count')).toContainText(`of ${expected.total}`);

  // Columns and density live in the URL and survive a reload.
  await page.getByText(/^Columns \(/).click();
  await page.getByRole('checkbox', { name: 'ST', exact: true }).check();
  await expect(page).toHaveURL(/cols=[^&]*st/);
  await page.getByLabel('Density').selectOption('compact');
  await expect(page).toHaveURL(/density=compact/);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: /^ST/ })).toBeVisible();
  await expect.poll(() => shownIds(page)).toEqual(expected.ids);

  // Keyboard from anywhere but a field: j takes the first row, j again the next, ↓ too; k back; Enter opens.
  const rows = page.getByRole('table', { name: 'Pairs' }).locator('tbody tr');
  const search = form.getByLabel('Search either text');
  await search.focus();
  await page.keyboard.press('j');
  await expect(search).toHaveValue('j');
  await expect(rows.first()).not.toBeFocused();
  await search.fill('');
  await page.getByRole('heading', { name: 'Explorer' }).click();
  await page.keyboard.press('j');
  await expect(rows.first()).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/explore/pairs/${expected.ids[1]}\\?`));
  await expect(page.getByRole('heading', { name: `Pair ${expected.ids[1]}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Text A' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Measures of the pair' }).getByText('BLEU', { exact: true })).toHaveAttribute(
    'title',
    /BLEU-4/,
  );
  await expect(page.getByTestId('reference-label')).toHaveText('1');

  // What the texts share, highlighted on request (PAWS pairs share most of their words).
  const textA = page.getByRole('region', { name: 'Text A' });
  await expect(textA.locator('mark')).toHaveCount(0);
  await page.getByLabel('Highlight what the texts share').check();
  await expect(textA.locator('mark.shared-lcs').first()).toBeVisible();
  await expect(page.getByText(/words? of one longest common subsequence/)).toBeVisible();

  // Previous / next within the view.
  await page.getByRole('link', { name: 'Previous pair' }).click();
  await expect(page.getByRole('heading', { name: `Pair ${expected.ids[0]}` })).toBeVisible();
  await page.getByRole('link', { name: 'Next pair' }).click();
  await expect(page.getByRole('heading', { name: `Pair ${expected.ids[1]}` })).toBeVisible();
  if (expected.ids.length > 2) {
    await page.getByRole('link', { name: 'Next pair' }).click();
    await expect(page.getByRole('heading', { name: `Pair ${expected.ids[2]}` })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Back to the explorer' }).click();
  await expect(page).toHaveURL(/\/explore\?.*sort=-bleu/);
});

test('pages on and back with keyset links, and shows a malformed view as errors', async ({ page, loginAs }) => {
  await loginAs('researcher');
  await page.goto(`/explore?corpus=${PAWS}&sort=rouge1&limit=25`);
  const first = await shownIds(page);
  expect(first).toHaveLength(25);
  await page.getByRole('link', { name: 'Next page ›' }).click();
  await expect(page.getByTestId('pair-count')).toContainText('Rows 26–50 of 300');
  const second = await shownIds(page);
  expect(second.filter((id) => first.includes(id))).toEqual([]);
  await page.getByRole('link', { name: '‹ Previous page' }).click();
  await expect(page.getByTestId('pair-count')).toContainText('Rows 1–25 of 300');
  await expect.poll(() => shownIds(page)).toEqual(first);

  await page.goto('/explore?min.bleu=0.9&max.bleu=0.1&min.nope=1');
  const alert = page.getByRole('alert').filter({ hasText: 'cannot be used' });
  await expect(alert).toContainText('min.bleu (0.9) is above max.bleu (0.1)');
  await expect(alert).toContainText('unknown measure "nope"');

  // A forged cursor and a length no column holds are the same clear errors, not a server error.
  const forged = Buffer.from(JSON.stringify({ k: 'id', d: 0, v: null, i: Number.MAX_SAFE_INTEGER })).toString('base64url');
  const answer = await page.goto(`/explore?cursor=${forged}&min.length=1e20`);
  expect(answer!.status()).toBe(200);
  const outOfRange = page.getByRole('alert').filter({ hasText: 'cannot be used' });
  await expect(outOfRange).toContainText('not a cursor');
  await expect(outOfRange).toContainText('word count up to 2147483647');
});

test('annotators cannot open the explorer or a pair page', async ({ page, loginAs }) => {
  await loginAs('annotator');
  expect((await page.goto('/explore'))?.status()).toBe(403);
  expect((await page.goto('/explore/pairs/1'))?.status()).toBe(403);
});
