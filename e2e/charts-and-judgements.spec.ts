/**
 * Charts that read at a glance (titled axes, round ticks, named box-plot groups, SICK's 1-5 score
 * axis in whole points) and the judgements page's form: an empty threshold is no threshold, the
 * measures ticked by default are those with values, and a changed corpus or question refreshes the
 * selects that depend on it at once.
 */
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures';
import { importCorpus, importLabels, sickFile } from './support/study';

const DEMO_CORPUS = 'paws-wiki-demo-sample';
const DEMO_CAMPAIGN = 'paws-wiki-demo-study';

// Recharts 3 draws tick labels and axis titles in a layer of their own, outside the axis's group:
// ticks are found by their tick-labels group, titles by their rotation (the y title is turned -90°).
type Axis = 'x' | 'y';
const tickValues = (chart: Locator, axis: Axis) =>
  chart.locator(`.recharts-${axis}Axis-tick-labels .recharts-cartesian-axis-tick-value`).allTextContents();
const axisTitle = (chart: Locator, axis: Axis) =>
  chart.locator(axis === 'y' ? 'text.recharts-label[transform^="rotate(-90"]' : 'text.recharts-label:not([transform])');

test('distributions: named box-plot groups, round histogram ticks and titled axes', async ({ page, loginAs }) => {
  await loginAs('researcher');
  await page.goto(`/dashboards/distributions?corpus=${DEMO_CORPUS}`);
  const card = page.locator('section[data-measure="rouge1"]');
  const groups = await page.getByTestId('distribution-group').allTextContents();
  expect(groups.length).toBeGreaterThan(1);
  const box = card.getByRole('img', { name: /box plots by group/ });
  const shown = (await box.locator('text[data-group-name]').allTextContents()).map((t) => t.replace(/ \(n [\d,]+\)$/, ''));
  expect(shown).toEqual(groups.map((g) => g.slice(0, g.lastIndexOf(':')).trim()));
  for (const t of await box.locator('text[data-tick]').allTextContents())
    expect(Number(t) * 10).toBeCloseTo(Math.round(Number(t) * 10), 6);
  const histogram = card.getByRole('figure', { name: /histograms by group/ });
  await expect(axisTitle(histogram, 'y')).toHaveText("share of the group's pairs");
  await expect(axisTitle(histogram, 'x')).toHaveText('ROUGE-1');
  await expect.poll(async () => (await tickValues(histogram, 'y')).length).toBeGreaterThan(1);
  // round: whole percentages in equal steps of 1, 2, 2.5, 5 or 10 times a power of ten
  const shares = (await tickValues(histogram, 'y')).map((t) => Number(t.replace('%', '')));
  const steps = new Set(shares.slice(1).map((v, i) => v - shares[i]!));
  expect(steps.size).toBe(1);
  expect([1, 2, 5, 10, 20, 25, 50]).toContain([...steps][0]);
});

test("SICK's score axis in whole points from 1 to 5, and a rating scatter with both axes titled", async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await loginAs('researcher');
  const stamp = Date.now();
  const slug = await importCorpus(page, `E2E SICK axis ${stamp}`, 'SICK_trial.txt', sickFile(), 'sick');
  await page.goto(`/dashboards/judgements?corpus=${slug}&scatter=rouge1`);
  const scatter = page.getByRole('figure', { name: /the corpus's score against ROUGE-1/ });
  await expect.poll(() => tickValues(scatter, 'y')).toEqual(['1', '2', '3', '4', '5']);
  await expect.poll(() => tickValues(scatter, 'x')).toEqual(['0', '0.2', '0.4', '0.6', '0.8', '1']);

  const origin = new URL(baseURL!).origin;
  const created = await page.request.post('/api/v1/campaigns', {
    headers: { origin },
    data: {
      name: `E2E ratings ${stamp}`,
      corpora: [slug],
      sample: { strategy: 'all', seed: 1 },
      questions: ['syntactic'],
      overlap: 1,
      goldEvery: 0,
    },
  });
  const campaign = (await created.json()) as { id: number; slug: string };
  const pairs = (
    (await (await page.request.get(`/api/v1/pairs?campaign=${campaign.slug}&limit=8`)).json()) as {
      pairs: Array<{ a: string; b: string }>;
    }
  ).pairs;
  await importLabels(
    page.request,
    origin,
    campaign.id,
    pairs.map((p, i) => ({ a: p.a, b: p.b, who: 'one', syn: i % 5 })),
    'a=a,b=b,annotator=who,syntactic=syn',
  );
  await page.goto(`/dashboards/campaigns/${campaign.slug}/correlations?scatter=rouge1`);
  const ratings = page.getByRole('region', { name: /ROUGE-1 against/ }).getByRole('figure');
  await expect(axisTitle(ratings, 'y')).toContainText(/syntactic/i);
  await expect(axisTitle(ratings, 'x')).toHaveText('ROUGE-1');
});

test('judgements: an empty threshold is none, the default measures have values, a new corpus refreshes its labels at once', async ({
  page,
  loginAs,
}) => {
  await loginAs('researcher');
  await page.goto(`/dashboards/judgements?corpus=${DEMO_CORPUS}&threshold=`);
  const table = page.getByRole('table', { name: 'Threshold analysis' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /at 0/ })).toHaveCount(0);

  const form = page.getByRole('form', { name: 'What to compare' });
  const measures = form.getByRole('group', { name: 'Measures' });
  await expect(measures.getByRole('checkbox', { name: 'WordNet' })).toBeChecked();
  for (const empty of ['WMS', 'BERTScore', 'ST'])
    await expect(measures.getByRole('checkbox', { name: empty, exact: true })).not.toBeChecked();
  await expect(table.locator('tr[data-measure="wordnet"]')).toBeVisible();

  // An empty threshold submitted through the form stays empty.
  await form.getByLabel('Threshold').fill('');
  await form.getByRole('button', { name: 'Show' }).click();
  await expect(page).not.toHaveURL(/threshold=0/);
  await expect(table.getByRole('columnheader', { name: /at 0/ })).toHaveCount(0);

  const label = form.getByLabel('Paraphrase label');
  await expect(label.locator('option').first()).toContainText('300 pairs');
  await expect(label.locator('option', { hasText: 'PAWS-Wiki demo study' }).first()).toBeAttached();
  // the page came back from "Show": its scripts must have run before a change can submit the form
  await page.waitForLoadState('networkidle');
  await form.getByRole('combobox', { name: 'Corpus', exact: true }).selectOption({ label: 'Wikipedia-IPC · paper examples' });
  await expect(page).toHaveURL(/corpus=wikipedia/);
  await expect(label.locator('option', { hasText: 'PAWS-Wiki demo study' })).toHaveCount(0);
  await expect(label.locator('option').first()).not.toContainText('300 pairs');
});

test('label sets compared: a new question refreshes the sides it can be compared with at once', async ({ page, loginAs }) => {
  await loginAs('researcher');
  await page.goto(`/dashboards/campaigns/${DEMO_CAMPAIGN}/compare?question=paraphraseLoose`);
  const form = page.getByRole('form', { name: 'What to compare' });
  const against = form.getByLabel('Against');
  await expect(against.locator('option', { hasText: 'Paraphrase under the strict definition?' }).first()).toBeAttached();
  await form.getByLabel("This campaign's question").selectOption('relation');
  await expect(page).toHaveURL(/question=relation/);
  await expect(against.locator('option', { hasText: 'Paraphrase under the strict definition?' })).toHaveCount(0);
});
