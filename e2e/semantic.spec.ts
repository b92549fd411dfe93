import { test, expect } from './fixtures';
import { createCorpus } from './support/corpora';
import { withE2eDatabase } from './support/e2e-database';

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

test('a corpus whose WordNet job stopped part-way says how many pairs lack it, and the button completes them', async ({
  page,
  loginAs,
}) => {
  const name = `E2E heal ${Date.now()}`;
  await loginAs('researcher');
  await createCorpus(page, name);
  const rows = ['id\tsentence1\tsentence2\tlabel'];
  // plainly English (language detection decides whether WordNet applies: short odd lines read as Finnish)
  for (let i = 1; i <= 6; i++)
    rows.push(
      `${i}\tThe children were playing football in the park near the old church on day ${i} .\tOn day ${i} the kids played soccer in the park beside the old church .\t1`,
    );
  await page
    .getByLabel(/Corpus file/)
    .setInputFiles({ name: 'heal.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(rows.join('\n') + '\n') });
  await page.getByRole('form', { name: 'Confirm the import' }).getByRole('button', { name: 'Start import' }).click();
  const jobs = page.getByRole('table', { name: 'Scoring jobs' });
  await expect(jobs.getByRole('row').nth(1)).toContainText('done', { timeout: 60_000 });
  const notice = page.getByTestId('missing-measures');
  await expect(notice).toHaveText('Every pair has the measures this corpus should have (WordNet).');

  // As an older version left it: the job failed after some pairs, the summary counted what was there.
  await withE2eDatabase(async (db) => {
    const slug = new URL(page.url()).pathname.split('/').at(-1)!;
    const { rows: found } = await db.query<{ id: number }>(`SELECT "id" FROM "Corpus" WHERE "slug" = $1`, [
      decodeURIComponent(slug),
    ]);
    const corpusId = found[0]!.id;
    await db.query(
      `UPDATE "Pair" SET "wordnet" = NULL, "sem" = NULL, "delta" = NULL, "semParts" = '{}'
       WHERE "id" IN (SELECT "id" FROM "Pair" WHERE "corpusId" = $1 ORDER BY "id" DESC LIMIT 4)`,
      [corpusId],
    );
    await db.query(
      `UPDATE "CorpusSummary" SET "stats" = jsonb_set("stats", '{all,measures,wordnet,n}', '2') WHERE "corpusId" = $1`,
      [corpusId],
    );
    await db.query(
      `UPDATE "ScoringJob" SET "status" = 'FAILED', "message" = 'Transaction already closed.' WHERE "corpusId" = $1`,
      [corpusId],
    );
  });
  await page.reload();
  await expect(notice).toContainText('4 pairs lack WordNet (of 6)');
  await expect(notice).toContainText('Paralens completes them when it next starts, or now with the button.');
  await notice.getByRole('button', { name: 'Complete the missing measures' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Scoring job #\d+ is queued for wordnet\./ })).toBeVisible();
  await expect(jobs.getByRole('row').nth(1)).toContainText('4 pairs scored (wordnet)', { timeout: 60_000 });
  await page.reload();
  await expect(notice).toHaveText('Every pair has the measures this corpus should have (WordNet).');
  await expect(page.getByRole('table', { name: 'Semantic measures' }).getByRole('row', { name: /WordNet/ })).toContainText(
    '6 / 6',
  );
});
