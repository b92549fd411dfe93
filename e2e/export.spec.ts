/**
 * Exports in Chromium: a filtered view exported as JSON Lines holds exactly the rows the view shows
 * (all pages, in order, compared with the read API that pages through the same view), a campaign
 * exports as CSV with neutralised cells, and the job list keeps the file for its creator only.
 */
import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures';

const view = 'corpus=paws-wiki-demo-sample&min.bleu=0.5&sort=-bleu';

interface ApiPair {
  id: number;
  a: string;
  b: string;
  bleu: number | null;
}

test('a filtered view exports exactly its rows, in its order, and the file stays downloadable', async ({ page, loginAs }) => {
  test.setTimeout(120_000); // the export runs in a job process of its own
  await loginAs('researcher');
  await page.goto(`/exports?view=${encodeURIComponent(view)}`);
  const form = page.getByRole('form', { name: 'New export' });
  await expect(form).toContainText(view);
  await form.getByLabel('JSON Lines').check();
  await form.getByRole('button', { name: 'Start export' }).click();
  await expect(form.getByRole('status')).toContainText('is queued');

  const jobs = page.getByRole('table', { name: 'Exports' });
  const row = jobs.getByRole('row').nth(1);
  await expect(row).toContainText('done', { timeout: 60_000 });
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: /Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^export-\d+-paws-wiki-demo-sample\.jsonl$/);
  const lines = (await readFile(await download.path(), 'utf8'))
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { pair_id: number; a: string; b: string; bleu: number });

  const shown: ApiPair[] = [];
  let cursor: string | null = null;
  do {
    const res = await page.request.get(`/api/v1/pairs?${view}&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { pairs: ApiPair[]; nextCursor: string | null };
    shown.push(...body.pairs);
    cursor = body.nextCursor;
  } while (cursor);
  expect(shown.length).toBeGreaterThan(50);
  expect(lines.map((l) => [l.pair_id, l.a, l.b, l.bleu])).toEqual(shown.map((p) => [p.id, p.a, p.b, p.bleu]));
  await expect(row).toContainText(lines.length.toLocaleString('en'));
});

test('the explorer\'s "Export this view" exports exactly the rows its pages show', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  await loginAs('researcher');
  await page.goto('/explore?corpus=paws-wiki-demo-sample&min.bleu=0.6&sort=-bleu&limit=25');
  const shown: number[] = [];
  for (;;) {
    const table = page.getByRole('table', { name: 'Pairs' });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    shown.push(
      ...(await table
        .locator('tbody tr[data-pair-id]')
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-pair-id'))))),
    );
    const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page ›' });
    if ((await next.count()) === 0) break;
    // each page as the server renders it for its link (the pager's own keyset cursor)
    await page.goto((await next.getAttribute('href'))!);
  }
  expect(shown.length).toBeGreaterThan(25);

  await page.goto('/explore?corpus=paws-wiki-demo-sample&min.bleu=0.6&sort=-bleu&limit=25');
  await page.getByRole('link', { name: 'Export this view' }).click();
  const form = page.getByRole('form', { name: 'New export' });
  await expect(form).toContainText('min.bleu=0.6');
  await form.getByLabel('CSV').check();
  await form.getByRole('button', { name: 'Start export' }).click();
  const jobId = Number(/#(\d+)/.exec((await form.getByRole('status').textContent()) ?? '')?.[1]);
  await expect(page.getByTestId(`export-${jobId}`)).toContainText('done', { timeout: 60_000 });
  const csv = await (await page.request.get(`/api/exports/${jobId}/file`)).text();
  const ids = csv
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => Number(line.slice(0, line.indexOf(','))));
  expect(ids).toEqual(shown);
});

test('a campaign exports as CSV with its answers; another researcher cannot see or download the export', async ({
  page,
  loginAs,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs('admin');
  await page.goto('/exports');
  const form = page.getByRole('form', { name: 'New export' });
  await form.getByLabel('A campaign').check();
  await form.getByLabel('Campaign', { exact: true }).selectOption('paws-wiki-demo-study');
  await form.getByLabel('CSV').check();
  await form.getByRole('button', { name: 'Start export' }).click();
  const message = await form.getByRole('status').textContent();
  const jobId = Number(/#(\d+)/.exec(message ?? '')?.[1]);
  const row = page.getByTestId(`export-${jobId}`);
  await expect(row).toContainText('done', { timeout: 60_000 });
  const file = await page.request.get(`/api/exports/${jobId}/file`);
  expect(file.status()).toBe(200);
  const csv = await file.text();
  const header = csv.slice(0, csv.indexOf('\n')).split(',');
  expect(header).toEqual(
    expect.arrayContaining(['pair_id', 'gold', 'a', 'b', 'annotations', 'semantic_median', 'semantic_unanimous']),
  );
  expect(csv).not.toMatch(/@paralens\.local/);
  expect(csv.trimEnd().split('\n').length).toBe(31);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('Email').fill('researcher@paralens.local');
  await otherPage.getByLabel('Password').fill('paralens-demo');
  await otherPage.getByRole('button', { name: 'Sign in' }).click();
  await otherPage.waitForURL(/\/corpora/);
  expect((await otherPage.request.get(`/api/exports/${jobId}/file`)).status()).toBe(404);
  await otherPage.goto('/exports');
  await expect(otherPage.getByTestId(`export-${jobId}`)).toHaveCount(0);
  await other.close();
});
