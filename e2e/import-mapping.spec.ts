import { test, expect } from './fixtures';
import { createCorpus } from './support/corpora';

/** A generic TSV whose column names no reader knows: its texts must be mapped by hand. */
const genericFile = {
  name: 'interview-pairs.tsv',
  mimeType: 'text/tab-separated-values',
  buffer: Buffer.from(
    [
      'ref\tguest said\thost said\trating\tgenre',
      '1\tThe bridge over the river was built in 1907 .\tIn 1907 the bridge over the river was built .\t4.5\tnews',
      '2\tShe left the meeting early .\tShe went out of the meeting before it ended .\t4\tspeech',
      '3\tThe museum opens at nine .\tThe cafe closes at six .\t0.5\tnews',
    ].join('\n') + '\n',
  ),
};

test('a generic TSV is mapped from its columns; a wrong mapping is refused before the import starts', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(90_000); // the import runs in a job process of its own, started for it
  await loginAs('researcher');
  const name = `E2E mapping ${Date.now()}`;
  await createCorpus(page, name);

  await page.getByLabel(/Corpus file/).setInputFiles(genericFile);
  const confirm = page.getByRole('form', { name: 'Confirm the import' });
  await expect(confirm).toContainText('looks like TSV.');
  await expect(confirm.getByLabel('Format')).toHaveValue('tsv');
  const rows = confirm.getByRole('table', { name: 'First rows of the file' });
  await expect(rows.getByRole('columnheader')).toHaveText(['ref', 'guest said', 'host said', 'rating', 'genre']);
  await expect(rows.getByRole('row').nth(1)).toContainText('The bridge over the river was built in 1907 .');

  // Both texts from one column: refused next to Text B, and nothing starts.
  await confirm.getByLabel(/^Text A/).selectOption('guest said');
  await confirm.getByLabel(/^Text B/).selectOption('guest said');
  await confirm.getByRole('button', { name: 'Start import' }).click();
  await expect(
    confirm.getByText('the two texts must come from two different columns (a and b are both guest said)'),
  ).toBeVisible();
  await expect(confirm.getByLabel(/^Text B/)).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm.getByLabel(/^Text A/)).toHaveValue('guest said'); // a refused start keeps the choices

  // A score column that holds words: the first records cannot be read.
  await confirm.getByLabel(/^Text B/).selectOption('host said');
  await confirm.getByLabel(/^Score/).selectOption('genre');
  await confirm.getByRole('button', { name: 'Start import' }).click();
  await expect(confirm.getByText('line 2: score (genre) is not a number: "news"')).toBeVisible();
  // The upload still waits for its start: no job was queued with the wrong mapping.
  const row = page.getByRole('table', { name: 'Imports' }).getByRole('row', { name: /interview-pairs\.tsv/ });
  await page.reload();
  await expect(row).toContainText('waiting');
  const jobId = Number((await row.getAttribute('data-testid'))?.replace('import-', ''));
  const job = (await (await page.request.get(`/api/imports/${jobId}`)).json()) as { status: string; confirmedAt: string | null };
  expect(job).toMatchObject({ status: 'QUEUED', confirmedAt: null });
});

test('a generic TSV imports with the columns picked, and a binary file renamed .tsv is "not a text file"', async ({
  page,
  loginAs,
}) => {
  // The import runs in a job process started for it; on a loaded machine starting it took over 45 s.
  test.setTimeout(150_000);
  await loginAs('researcher');
  const name = `E2E mapped import ${Date.now()}`;
  await createCorpus(page, name);

  await page.getByLabel(/Corpus file/).setInputFiles(genericFile);
  const confirm = page.getByRole('form', { name: 'Confirm the import' });
  await confirm.getByLabel(/^Text A/).selectOption('guest said');
  await confirm.getByLabel(/^Text B/).selectOption('host said');
  await confirm.getByLabel(/^Score/).selectOption('rating');
  await confirm.getByLabel(/^Id/).selectOption('ref');
  await expect(confirm.getByRole('columnheader', { name: /rating/ })).toContainText('→ Score');
  await confirm.getByRole('button', { name: 'Start import' }).click();

  const imports = page.getByRole('table', { name: 'Imports' });
  await expect(imports.getByRole('row').nth(1)).toContainText('done', { timeout: 100_000 });
  await expect(page.getByRole('main').locator('header')).toContainText('3 pairs.');

  // An image renamed .tsv: refused at once, with no line errors and no job.
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
    Buffer.alloc(2000, 0xa7),
  ]);
  await page.getByLabel(/Corpus file/).setInputFiles({ name: 'photo.tsv', mimeType: 'text/tab-separated-values', buffer: png });
  await expect(page.getByRole('region', { name: 'Import a file' }).getByRole('alert')).toContainText('This is not a text file');
  await expect(page.getByRole('form', { name: 'Confirm the import' })).toHaveCount(0);
  await page.reload();
  await expect(imports.getByRole('row', { name: /photo\.tsv/ })).toHaveCount(0);
});
