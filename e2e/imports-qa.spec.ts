/**
 * The Spanish study's corpus from the upload form (docs/import-formats.md#qa-assessed): the runs
 * file is recognised, the form asks for the questions file, the import shows its funnel, and the
 * corpus page says the language it detected. A bad questions file is refused with its line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures';
import { createCorpus } from './support/corpora';

const fixtures = path.resolve(import.meta.dirname, '../lib/qa-pairs/fixtures');
const file = (name: string, fixture: string) => ({ name, mimeType: 'text/tab-separated-values', buffer: readFileSync(path.join(fixtures, fixture)) });

test('a researcher imports assessed QA answers with their questions file and sees the funnel', async ({ page, loginAs }) => {
  test.setTimeout(120_000); // the import runs in a job process of its own, started for it
  const name = `E2E QA@CLEF ${Date.now()}`;
  await loginAs('researcher');
  await createCorpus(page, name);

  await page.getByLabel(/Corpus file/).setInputFiles(file('runs.tsv', 'clef2006-es-sample.runs.tsv'));
  const confirm = page.getByRole('form', { name: 'Confirm the import' });
  await expect(confirm.getByLabel('Format')).toHaveValue('qa-assessed');
  await expect(confirm.getByRole('button', { name: 'Start import' })).toBeDisabled(); // no questions yet

  await confirm.getByLabel(/Questions file/).setInputFiles({ name: 'bad.tsv', mimeType: 'text/plain', buffer: Buffer.from('0001\t¿Qué es el tóner?\n0002\n') });
  await expect(page.getByRole('region', { name: 'Import a file' }).getByRole('alert')).toContainText('line 2: in the questions file bad.tsv: expected 2 tab-separated fields');
  await confirm.getByLabel(/Questions file/).setInputFiles(file('questions.tsv', 'clef2006-es-sample.questions.tsv'));
  await expect(confirm.getByRole('status')).toContainText('questions.tsv: 6 questions');
  await confirm.getByRole('button', { name: 'Start import' }).click();

  const row = page.getByRole('table', { name: 'Imports' }).getByRole('row').nth(1);
  await expect(row).toContainText('done', { timeout: 60_000 });
  const funnel = row.getByRole('table', { name: /^Funnel of import/ });
  await expect(funnel.getByRole('row', { name: /With a right answer/ })).toContainText('5');
  await expect(funnel.getByRole('row', { name: /Contained removed/ })).toContainText('2');
  await expect(funnel.getByRole('row', { name: /^Pairs/ })).toContainText('16');
  await expect(page.getByRole('main').locator('header')).toContainText('16 pairs.');
  await expect(page.getByRole('form', { name: 'Corpus language' })).toContainText('Language: Spanish');
});
