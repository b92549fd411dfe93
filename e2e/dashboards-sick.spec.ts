/**
 * The dashboards' closing check: the SICK re-annotation (Kalouli et al. 2019; 393 pairs × 3 of 12
 * annotators) loaded with `paralens import-annotations` shows, on the agreement page, the Fleiss
 * kappa and nominal alpha that the check found with statsmodels and NLTK (0.6049, 0.6052).
 * Needs ../shared/datasets: skipped with a message when absent, failing under CI=true.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from './fixtures';
import { sessionFor } from './support/api-session';
import { parseCsv } from '../lib/testing/csv';
import { setting } from '../lib/config/settings';
import { isCi } from '../lib/testing/shared-datasets';

const SICK = path.resolve('..', 'shared', 'datasets', 'sick-reannotation-kalouli2019', 'derived_per_annotator_labels.csv');
const present = existsSync(SICK);
const ci = isCi();

function paralens(args: string[]): string {
  const result = spawnSync(process.execPath, ['scripts/paralens.mjs', ...args], {
    env: { ...process.env, PARALENS_HOME: setting('PARALENS_E2E_HOME'), DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 180_000,
  });
  expect(result.status, `paralens ${args[0]}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

test.skip(!present && !ci, `${SICK} is absent, so the SICK agreement check did not run`);

test('the SICK re-annotation through import-annotations: Fleiss 0.6049 and nominal alpha 0.6052 on the agreement page', async ({
  browser,
  baseURL,
  page,
  loginAs,
}) => {
  test.setTimeout(300_000);
  expect(present, `${SICK} is missing (CI)`).toBe(true);
  const [header = [], ...records] = parseCsv(readFileSync(SICK, 'utf8')).filter((r) => r.length > 1);
  const col = (name: string) => header.indexOf(name);
  // A corpus keeps one pair per unordered pair of texts; the reversed duplicates (4074b) go to a second corpus.
  const shelves: Array<{ keys: Set<string>; lines: string[]; ids: Set<string> }> = [];
  for (const r of records) {
    const [id, a, b] = [r[col('pair_id')]!, r[col('sentence_A')]!, r[col('sentence_B')]!];
    if (shelves.some((s) => s.ids.has(id))) continue;
    const key = [a, b].sort().join('\u001f');
    let shelf = shelves.find((s) => !s.keys.has(key));
    if (!shelf) shelves.push((shelf = { keys: new Set(), lines: ['pair_id,sentence_A,sentence_B'], ids: new Set() }));
    shelf.keys.add(key);
    shelf.ids.add(id);
    shelf.lines.push([id, a, b].map(quote).join(','));
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'paralens-e2e-sick-'));
  const stamp = Date.now();
  for (const [i, shelf] of shelves.entries()) {
    const file = path.join(dir, `sick-${i}.csv`);
    writeFileSync(file, `${shelf.lines.join('\n')}\n`);
    paralens([
      'import',
      file,
      '--corpus',
      `SICK re-annotation ${stamp} part ${i + 1}`,
      '--format',
      'csv',
      '--map',
      'id=pair_id,a=sentence_A,b=sentence_B',
      '--no-score',
    ]);
  }
  const researcher = await sessionFor(browser, baseURL!, 'researcher');
  const { corpora } = (await (await researcher.get('/api/v1/corpora')).json()) as {
    corpora: Array<{ slug: string; name: string }>;
  };
  const mine = corpora.filter((c) => c.name.startsWith(`SICK re-annotation ${stamp}`)).map((c) => c.slug);
  expect(mine).toHaveLength(shelves.length);
  const created = await researcher.post('/api/v1/campaigns', {
    data: {
      name: `SICK agreement ${stamp}`,
      corpora: mine,
      sample: { strategy: 'random', size: 20, seed: 3 },
      questions: [{ key: 'nli', type: 'choice', label: 'NLI label', options: ['E', 'C', 'N', 'D'], level: 'nominal' }],
      overlap: 3,
      goldEvery: 0,
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as { id: number; slug: string };
  expect(
    paralens([
      'import-annotations',
      SICK,
      '--campaign',
      campaign.slug,
      '--map',
      'pair=pair_id,annotator=annotator_key,nli=label',
    ]),
  ).toContain('Imported 1179 answers by 12 annotators on 393 pairs');

  const api = (await (await researcher.get(`/api/v1/campaigns/${campaign.id}/agreement?bootstrap=0`)).json()) as {
    questions: { nli: { fleissKappa: number; krippendorffAlpha: number; units: number; pairableValues: number } };
  };
  expect(api.questions.nli.units).toBe(393);
  expect(api.questions.nli.pairableValues).toBe(1179);
  expect(api.questions.nli.fleissKappa).toBeCloseTo(0.6048758933374317, 12);
  expect(api.questions.nli.krippendorffAlpha).toBeCloseTo(0.6052110282879515, 12);

  await loginAs('researcher');
  await page.goto(`/dashboards/campaigns/${campaign.slug}?resamples=200`);
  const row = page.getByRole('table', { name: 'Agreement by question' }).locator('tr[data-question="nli"]');
  await expect(row.locator('[data-coefficient="fleiss"]')).toContainText('0.605');
  await expect(row.locator('[data-coefficient="alpha"]')).toContainText('0.605');
  await expect(row).toContainText('393');
  await researcher.dispose();
});
