import { test, expect } from './fixtures';
import { createCorpus } from './support/corpora';

const pawsFile = (rows: string[]) => ({
  name: 'dev.tsv',
  mimeType: 'text/tab-separated-values',
  buffer: Buffer.from(['id\tsentence1\tsentence2\tlabel', ...rows].join('\n') + '\n'),
});

const good = (i: number) => `${i}\tThe bridge over river ${i} was built in 1907 .\tIn 1907 the bridge over river ${i} was built .\t1`;

test('a researcher creates a corpus, uploads a file, confirms the detected format and watches it import', async ({ page, loginAs }) => {
  test.setTimeout(90_000); // the import runs in a job process of its own, started for it
  const name = `E2E upload ${Date.now()}`;
  await loginAs('researcher');
  await page.goto('/corpora');
  await page.getByRole('button', { name: 'New corpus' }).click();
  const form = page.getByRole('form', { name: 'New corpus' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Licence').fill('CC BY 4.0');
  await form.getByRole('button', { name: 'Create corpus' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByLabel(/Corpus file/).setInputFiles(pawsFile([good(1), good(2), good(3), good(4)]));
  const confirm = page.getByRole('form', { name: 'Confirm the import' });
  await expect(confirm).toContainText('looks like');
  await expect(confirm.getByLabel('Format')).toHaveValue('paws');
  await confirm.getByRole('button', { name: 'Start import' }).click();

  const imports = page.getByRole('table', { name: 'Imports' });
  await expect(imports.getByRole('row').nth(1)).toContainText('done', { timeout: 45_000 });
  await expect(imports.getByRole('row').nth(1)).toContainText('dev.tsv');
  await expect(page.getByRole('main').locator('header')).toContainText('4 pairs.');
  const summary = page.getByRole('table', { name: 'Measure summary' });
  await expect(summary.getByRole('row', { name: /ROUGE-1/ })).toContainText('4');
});

test('a broken file fails with line-numbered errors and imports nothing', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  const name = `E2E broken ${Date.now()}`;
  await loginAs('researcher');
  await createCorpus(page, name);

  await page.getByLabel(/Corpus file/).setInputFiles(pawsFile([good(1), '2\tonly two fields', good(3)]));
  await page.getByRole('form', { name: 'Confirm the import' }).getByRole('button', { name: 'Start import' }).click();
  const row = page.getByRole('table', { name: 'Imports' }).getByRole('row').nth(1);
  await expect(row).toContainText('failed', { timeout: 45_000 });
  await expect(row).toContainText('nothing was imported');
  await row.getByText(/1 error/).click();
  await expect(row.getByText(/^line 3: /)).toBeVisible();
  await expect(page.getByRole('main').locator('header')).toContainText('0 pairs.');
});

test('annotators cannot upload, and unknown corpora are 404', async ({ page, loginAs, baseURL }) => {
  const sameOrigin = { Origin: new URL(baseURL!).origin }; // as the upload panel's fetch sends it
  await loginAs('annotator');
  const res = await page.request.post('/api/corpora/paws-wiki-demo-sample/imports?fileName=x.tsv', { data: 'x', headers: sameOrigin });
  expect(res.status()).toBe(403);
  await page.context().clearCookies();
  await loginAs('researcher');
  const missing = await page.request.post('/api/corpora/no-such-corpus/imports?fileName=x.tsv', { data: 'x', headers: sameOrigin });
  expect(missing.status()).toBe(404);
});
