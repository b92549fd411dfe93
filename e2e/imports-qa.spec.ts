/**
 * The Spanish study's corpus from the upload form (docs/import-formats.md#qa-assessed): the runs
 * file is recognised, the form asks for the questions file, the import shows its funnel, and the
 * corpus page says the language it detected, the tokenizer its measures used and that the English-only
 * measures are not computed. A bad questions file is refused with its line. The confirm form fits a
 * phone's width; screenshots of it and of the corpus page are kept with the test's output.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { createCorpus } from './support/corpora';

const fixtures = path.resolve(import.meta.dirname, '../lib/qa-pairs/fixtures');
const file = (name: string, fixture: string) => ({
  name,
  mimeType: 'text/tab-separated-values',
  buffer: readFileSync(path.join(fixtures, fixture)),
});

/** The page at 1280×800 and 390×844, into the test's output folder (test-results/…). */
async function screenshots(page: Page, name: string, outputPath: (name: string) => string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a researcher imports assessed QA answers with their questions file and sees the funnel', async ({
  page,
  loginAs,
}, testInfo) => {
  test.setTimeout(120_000); // the import runs in a job process of its own, started for it
  const name = `E2E QA@CLEF ${Date.now()}`;
  await loginAs('researcher');
  await createCorpus(page, name);

  await page.getByLabel(/Corpus file/).setInputFiles(file('runs.tsv', 'clef2006-es-sample.runs.tsv'));
  const confirm = page.getByRole('form', { name: 'Confirm the import' });
  await expect(confirm.getByLabel('Format')).toHaveValue('qa-assessed');
  await expect(confirm.getByRole('button', { name: 'Start import' })).toBeDisabled(); // no questions yet

  await confirm
    .getByLabel(/Questions file/)
    .setInputFiles({ name: 'bad.tsv', mimeType: 'text/plain', buffer: Buffer.from('0001\t¿Qué es el tóner?\n0002\n') });
  await expect(page.getByRole('region', { name: 'Import a file' }).getByRole('alert')).toContainText(
    'line 2: in the questions file bad.tsv: expected 2 tab-separated fields',
  );
  await confirm.getByLabel(/Questions file/).setInputFiles(file('questions.tsv', 'clef2006-es-sample.questions.tsv'));
  await expect(confirm.getByRole('status')).toContainText('questions.tsv: 6 questions');
  // at a phone's width the Format select stays inside the screen
  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await confirm.getByLabel('Format').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await screenshots(page, 'qa-import-form', (n) => testInfo.outputPath(n));
  await confirm.getByRole('button', { name: 'Start import' }).click();

  const row = page.getByRole('table', { name: 'Imports' }).getByRole('row').nth(1);
  await expect(row).toContainText('done', { timeout: 60_000 });
  const funnel = row.getByRole('table', { name: /^Funnel of import/ });
  await expect(funnel.getByRole('row', { name: /With a right answer/ })).toContainText('5');
  await expect(funnel.getByRole('row', { name: /Contained removed/ })).toContainText('2');
  await expect(funnel.getByRole('row', { name: /^Pairs/ })).toContainText('16');
  await expect(page.getByRole('main').locator('header')).toContainText('16 pairs.');
  await expect(page.getByRole('form', { name: 'Corpus language' })).toContainText('Language: Spanish');
  // the measures used the Spanish tokenizer, and the English-only measures say why they are empty
  await page.reload(); // the sections streamed in before the import finished
  await expect(page.getByTestId('measure-tokenizer')).toContainText(
    'unicode+snowball-es, Unicode letters and digits, case-folded, Snowball Spanish stems',
  );
  await expect(page.getByRole('form', { name: 'Corpus language' })).toContainText(
    'WordNet and the GloVe vectors are English only and are not computed for this corpus',
  );
  await expect(page.getByRole('table', { name: 'Measure summary' }).getByRole('row', { name: /^WordNet/ })).toContainText(
    '(English only)',
  );
  await expect(page.getByText('English only: not computed for a corpus in Spanish').first()).toBeVisible();
  await screenshots(page, 'qa-corpus-page', (n) => testInfo.outputPath(n));
});
