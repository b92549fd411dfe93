/**
 * Imports cannot take the server down: an exploding paraphrase-set file and a file of very long
 * lines go through the web import while another client keeps polling /api/health. The server
 * answers throughout, each job fails with a clear message, and nothing is written.
 */
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { createCorpus } from './support/corpora';

function explodingSetFile() {
  // One set of 2,000 captions: 1,999,000 pairs if nothing capped it.
  const paraphrase = Array.from({ length: 2000 }, (_, i) => ({
    content: `A caption of the same picture, variant number ${i}.`,
    reference: `https://en.wikipedia.org/wiki/Page_${i}`,
  }));
  const line = JSON.stringify({
    id: 1,
    cluster_id: 1,
    image_url: 'https://commons.wikimedia.org/wiki/File:Exploding.jpg',
    paraphrase,
  });
  return { name: 'wikipedia-ipc-bronze-sets.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(`${line}\n`) };
}

function longLinesFile() {
  const long = 'word '.repeat(60_000); // 300,000 characters
  const rows = [
    'id\tsentence1\tsentence2\tlabel',
    `1\t${long}\tshort text\t1`,
    '2\tA normal sentence here.\tAnother normal sentence.\t1',
    `3\tshort\t${long}\t0`,
  ];
  return { name: 'dev.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from(`${rows.join('\n')}\n`) };
}

/** Polls the health check until stopped; returns every latency seen and any non-200 status. */
function pollHealth(request: APIRequestContext) {
  let running = true;
  const latencies: number[] = [];
  const failures: string[] = [];
  const done = (async () => {
    while (running) {
      const started = Date.now();
      const res = await request.get('/api/health', { timeout: 10_000 }).catch((e: Error) => e);
      latencies.push(Date.now() - started);
      if (res instanceof Error) failures.push(res.message);
      else if (res.status() !== 200) failures.push(`status ${res.status()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return { latencies, failures };
    },
  };
}

test('exploding sets and very long lines fail clearly while the server keeps answering', async ({
  page,
  loginAs,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const health = await playwright.request.newContext({ baseURL: baseURL! });
  const poller = pollHealth(health);
  await loginAs('researcher');
  const name = `E2E safety ${Date.now()}`;
  await createCorpus(page, name);
  const imports = page.getByRole('table', { name: 'Imports' });

  await page.getByLabel(/Corpus file/).setInputFiles(explodingSetFile());
  const confirm = page.getByRole('form', { name: 'Confirm the import' });
  await expect(confirm.getByLabel('Format')).toHaveValue('wikipedia-ipc-set');
  await confirm.getByRole('button', { name: 'Start import' }).click();
  const setRow = imports.getByRole('row').nth(1);
  await expect(setRow).toContainText('failed', { timeout: 40_000 });
  await setRow.getByText(/1 error/).click();
  await expect(setRow.getByText(/^line 1: the paraphrase set has 2000 texts; at most 200 are allowed per set/)).toBeVisible();

  await page.getByLabel(/Corpus file/).setInputFiles(longLinesFile());
  await page.getByRole('form', { name: 'Confirm the import' }).getByRole('button', { name: 'Start import' }).click();
  const linesRow = imports.getByRole('row', { name: /dev\.tsv/ });
  await expect(linesRow).toContainText('failed', { timeout: 40_000 });
  await expect(linesRow).toContainText('2 invalid records: nothing was imported');
  await linesRow.getByText(/2 errors/).click();
  await expect(linesRow.getByText(/^line 2: the first text has 300,000 characters; the limit is 20,000/)).toBeVisible();
  await expect(linesRow.getByText(/^line 4: the second text has 300,000 characters/)).toBeVisible();
  await expect(page.getByRole('main').locator('header')).toContainText('0 pairs.');

  const { latencies, failures } = await poller.stop();
  await health.dispose();
  expect(failures).toEqual([]);
  expect(latencies.length).toBeGreaterThan(20);
  expect(Math.max(...latencies)).toBeLessThan(2000);
});
