import http from 'node:http';
import { test, expect, signInAs } from './fixtures';
import { createCorpus } from './support/corpora';

const pawsFile = (rows: string[]) => ({
  name: 'dev.tsv',
  mimeType: 'text/tab-separated-values',
  buffer: Buffer.from(['id\tsentence1\tsentence2\tlabel', ...rows].join('\n') + '\n'),
});

const good = (i: number) =>
  `${i}\tThe bridge over river ${i} was built in 1907 .\tIn 1907 the bridge over river ${i} was built .\t1`;

test('a researcher creates a corpus, uploads a file, confirms the detected format and watches it import', async ({
  page,
  loginAs,
}) => {
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
  // The first pairs open in the explorer.
  const first = page.getByRole('table', { name: 'Pairs' }).getByRole('link').first();
  await expect(first).toContainText('The bridge over river');
  await first.click();
  await expect(page).toHaveURL(/\/explore\/pairs\/\d+/);
  await expect(page.getByRole('main')).toContainText('In 1907 the bridge over river');
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
  // the page names its checkbox, not the command's option
  await expect(row).toContainText('tick “Skip invalid records” to import the valid ones');
  await expect(row).not.toContainText('--skip-invalid');
  await row.getByText(/1 error/).click();
  await expect(row.getByText(/^line 3: /)).toBeVisible();
  await expect(page.getByRole('main').locator('header')).toContainText('0 pairs.');
});

test('annotators cannot upload, and unknown corpora are 404', async ({ page, loginAs, baseURL }) => {
  const sameOrigin = { Origin: new URL(baseURL!).origin }; // as the upload panel's fetch sends it
  await loginAs('annotator');
  const res = await page.request.post('/api/corpora/paws-wiki-demo-sample/imports?fileName=x.tsv', {
    data: 'x',
    headers: sameOrigin,
  });
  expect(res.status()).toBe(403);
  await page.context().clearCookies();
  await loginAs('researcher');
  const missing = await page.request.post('/api/corpora/no-such-corpus/imports?fileName=x.tsv', {
    data: 'x',
    headers: sameOrigin,
  });
  expect(missing.status()).toBe(404);
});

test('ten parallel slow uploads: exactly the waiting-import limit is accepted, the others are refused at once', async ({
  page,
  createAccount,
  baseURL,
}) => {
  const account = await createAccount('researcher'); // a fresh account: no uploads waiting yet
  await signInAs(page, account.email);
  await expect(page.getByTestId('current-role')).toBeVisible();
  await createCorpus(page, `E2E upload race ${Date.now()}`);
  const slug = new URL(page.url()).pathname.split('/').at(-1)!;
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const url = new URL(`/api/corpora/${slug}/imports?fileName=dev.tsv`, baseURL);
  const body = pawsFile([good(1), good(2)]).buffer;
  // Each upload sends its first bytes, then the rest 1.5 s later: all ten are streaming at once.
  const upload = () =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        url,
        { method: 'POST', headers: { cookie, origin: url.origin, 'content-type': 'text/tab-separated-values' } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on('error', reject); // after a refusal the rest of the body may meet a closed socket: the answer came first
      req.write(body.subarray(0, 10));
      setTimeout(() => req.end(body.subarray(10)), 1500);
    });
  const answers = await Promise.all(Array.from({ length: 10 }, upload));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]); // PARALENS_MAX_WAITING_IMPORTS defaults to 5
  for (const refused of answers.filter((a) => a.status === 429))
    expect(refused.text).toContain('You already have 5 imports waiting');
  await page.reload();
  await expect(page.getByRole('table', { name: 'Imports' }).getByRole('row')).toHaveCount(1 + 5);
});

test('an uploaded file whose import was never started can be discarded from the imports list', async ({ page, loginAs }) => {
  const name = `E2E discard ${Date.now()}`;
  await loginAs('researcher');
  await createCorpus(page, name);
  await page.getByLabel(/Corpus file/).setInputFiles(pawsFile([good(1), good(2)]));
  await expect(page.getByRole('form', { name: 'Confirm the import' })).toBeVisible();
  // the researcher leaves without starting it: the upload waits in the list
  await page.reload();
  const row = page.getByRole('table', { name: 'Imports' }).getByRole('row').nth(1);
  await expect(row).toContainText('waiting');
  await row.getByRole('button', { name: 'Discard' }).click();
  await expect(row).toContainText('cancelled');
  await expect(row).toContainText('Discarded before it started.');
  await expect(row.getByRole('button', { name: 'Discard' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('table', { name: 'Imports' }).getByRole('row').nth(1)).toContainText(
    'Discarded before it started.',
  );
});
