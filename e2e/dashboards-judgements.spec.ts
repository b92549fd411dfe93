/**
 * Measures against judgements in Chromium on the demo data: the PAWS sample's own labels judge
 * the measures (table, curves, the chosen threshold), the page's numbers equal the thresholds API's,
 * and a corpus without scores of its own says so instead of drawing empty axes.
 */
import { test, expect } from './fixtures';

const DEMO_CORPUS = 'paws-wiki-demo-sample';

test("threshold analysis against the corpus's own labels, page and API agree", async ({ page, loginAs }) => {
  await loginAs('researcher');
  const api = await page.request.get(`/api/v1/corpora/${DEMO_CORPUS}/thresholds?measure=bleu&threshold=0.5`);
  expect(api.status(), await api.text()).toBe(200);
  const body = (await api.json()) as {
    n: number;
    positives: number;
    auc: number;
    best: { threshold: number; f1: number };
    at: { tp: number; fp: number; fn: number; tn: number };
    curve: unknown[];
    label: string;
  };
  expect(body.label).toBe('source');
  expect(body.n).toBeGreaterThan(100);
  expect(body.positives).toBeGreaterThan(0);
  expect(body.at.tp + body.at.fp + body.at.fn + body.at.tn).toBe(body.n);
  expect(body.curve.length).toBeGreaterThan(2);

  await page.goto(`/dashboards/judgements?corpus=${DEMO_CORPUS}&measures=rouge1,bleu,syn&threshold=0.5`);
  const row = page.getByRole('table', { name: 'Threshold analysis' }).locator('tr[data-measure="bleu"]');
  await expect(row).toContainText(String(body.n));
  await expect(row).toContainText(body.auc.toFixed(3));
  await expect(row).toContainText(body.best.f1.toFixed(3));
  await expect(page.getByRole('figure', { name: 'Precision-recall curves' }).getByRole('application')).toBeVisible();
  await expect(page.locator('[data-chart="roc"] .recharts-line-curve')).toHaveCount(4); // chance + three measures
  await expect(page.getByRole('heading', { name: "Against the corpus's own scores" })).toBeVisible();
  await expect(page.getByText('No scores of its own')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${DEMO_CORPUS}-thresholds.csv`);
});

test('the form chooses measures and threshold through the URL', async ({ page, loginAs }) => {
  await loginAs('researcher');
  await page.goto(`/dashboards/judgements?corpus=${DEMO_CORPUS}`);
  const form = page.getByRole('form', { name: 'What to compare' });
  await form.getByLabel('Threshold').fill('0.8');
  for (const label of ['ROUGE-L', 'syn']) await form.getByRole('checkbox', { name: label, exact: true }).uncheck();
  await form.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/threshold=0\.8/);
  const table = page.getByRole('table', { name: 'Threshold analysis' });
  await expect(table.locator('tr[data-measure="rougeL"]')).toHaveCount(0);
  await expect(table.locator('tr[data-measure="rouge1"]')).toHaveCount(1);
  await expect(table.getByRole('columnheader', { name: 'P / R / F1 at 0.8' })).toBeVisible();
});
