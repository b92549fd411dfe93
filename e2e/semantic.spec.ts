import { test, expect } from './fixtures';
import { createCorpus } from './support/corpora';

test('the PAWS demo corpus has a WordNet semantic axis from the first start, and the dashboards say so', async ({
  page,
  loginAs,
}) => {
  await loginAs('researcher');
  await page.goto('/corpora');
  await page.getByRole('link', { name: 'PAWS-Wiki · demo sample' }).click();
  await expect(page.getByTestId('semantic-axis')).toHaveText('WordNet (no paper measure)');
  const measures = page.getByRole('table', { name: 'Semantic measures' });
  await expect(measures.getByRole('row', { name: /WordNet/ })).toContainText('300 / 300');
  await expect(measures.getByRole('row', { name: /^ST/ })).toContainText('no model');
  await expect(page.getByRole('table', { name: 'Scoring jobs' }).getByRole('row').nth(1)).toContainText('done');

  await page.goto('/dashboards');
  const comparison = page.getByRole('table', { name: 'Corpus comparison' });
  await expect(comparison.getByRole('row', { name: /PAWS-Wiki/ })).toContainText('WordNet (no paper measure)');
  await expect(comparison.getByRole('row', { name: /paper examples/ })).toContainText('WMS, BERTScore, ST');
});

test('an upload is followed by the WordNet job; a researcher reruns scoring and changes the semantic set', async ({
  page,
  loginAs,
}) => {
  const name = `E2E semantic ${Date.now()}`;
  await loginAs('researcher');
  await createCorpus(page, name);
  const rows = [
    'id\tsentence1\tsentence2\tlabel',
    '1\tSoldiers cleared the rubble after the raid .\tTroops cleared rubble after the air raid .\t1',
    '2\tA rabbit on an Easter postcard .\tAn Easter card showing a bunny .\t1',
  ];
  await page
    .getByLabel(/Corpus file/)
    .setInputFiles({ name: 'dev.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(rows.join('\n') + '\n') });
  await page.getByRole('form', { name: 'Confirm the import' }).getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('table', { name: 'Imports' }).getByRole('row').nth(1)).toContainText('done', { timeout: 45_000 });

  const jobs = page.getByRole('table', { name: 'Scoring jobs' });
  await expect(jobs.getByRole('row').nth(1)).toContainText('done', { timeout: 45_000 });
  await expect(jobs.getByRole('row').nth(1)).toContainText('wordnet');
  await expect(page.getByTestId('semantic-axis')).toHaveText('WordNet (no paper measure)');

  // Without model files only WordNet can be chosen; everything already has it, so the job scores nothing.
  const start = page.getByRole('form', { name: 'Compute semantic measures' });
  await expect(start.getByRole('checkbox', { name: /ST/ })).toBeDisabled();
  await start.getByRole('button', { name: 'Compute missing measures' }).click();
  await expect(start).toContainText(/Scoring job #\d+ is queued/);
  await expect(jobs.getByRole('row').nth(1)).toContainText('0 pairs scored', { timeout: 45_000 });

  const set = page.getByRole('form', { name: 'Semantic axis' });
  await set.getByRole('checkbox', { name: /WordNet/ }).uncheck();
  await set.getByRole('button', { name: 'Save and recompute' }).click();
  await expect(set).toContainText('sem and Δ recomputed for 2 pairs');
  await expect(page.getByTestId('semantic-axis')).toHaveText('none (no semantic measure yet)');
});
