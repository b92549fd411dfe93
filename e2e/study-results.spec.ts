/**
 * A study from start to finish without dead ends, and numbers that do not mislead: the campaign page
 * links to its results and an export of its labels; the corpus page to its explorer view, map and
 * export; the adjudication counts name their unit; people read question labels and yes/no, not
 * internal keys; a draft is closed through "Close campaign…" with a confirmation; the agreement
 * table says "α (interval level)" and computes Fleiss' κ on the complete units; campaign creation
 * and adjudication are audited, with details that read as words; new campaigns ask for no gold
 * pairs until some exist and their default guidelines follow the corpus's text type; the icon
 * reaches a signed-out visitor.
 */
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { importLabels } from './support/study';

const DEMO_CAMPAIGN = 'paws-wiki-demo-study';
const DEMO_CORPUS = 'paws-wiki-demo-sample';

async function campaignOfTwo(request: APIRequestContext, origin: string, name: string, extra: Record<string, unknown> = {}) {
  const res = await request.post('/api/v1/campaigns', {
    headers: { origin },
    data: {
      name,
      corpora: [DEMO_CORPUS],
      sample: { strategy: 'random', size: 3, seed: Date.now() % 100_000 },
      questions: ['paraphraseLoose', 'relation'],
      overlap: 2,
      goldEvery: 0,
      status: 'active',
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const campaign = (await res.json()) as { id: number; slug: string };
  const listed = await request.get(`/api/v1/pairs?campaign=${campaign.slug}&limit=3`);
  const pairs = ((await listed.json()) as { pairs: Array<{ id: number; a: string; b: string }> }).pairs;
  expect(pairs).toHaveLength(3);
  return { ...campaign, pairs };
}

for (const role of ['researcher', 'admin'] as const) {
  test(`the campaign page leads the ${role} to every result of the campaign and an export of its labels`, async ({
    page,
    loginAs,
  }) => {
    await loginAs(role);
    await page.goto(`/campaigns/${DEMO_CAMPAIGN}`);
    const results = page.getByRole('region', { name: 'Results' });
    const dashboard = `/dashboards/campaigns/${DEMO_CAMPAIGN}`;
    for (const [name, href] of [
      ['Agreement', dashboard],
      ['Characteristic maps', `${dashboard}/maps`],
      ['Correlations', `${dashboard}/correlations`],
      ['Distributions', `${dashboard}/distributions`],
      ['Label sets compared', `${dashboard}/compare`],
      ['Model runs', `/campaigns/${DEMO_CAMPAIGN}/model-runs/compare`],
      ['Export its labels', `/exports?campaign=${DEMO_CAMPAIGN}`],
    ] as const) {
      await expect(results.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await results.getByRole('link', { name: 'Export its labels', exact: true }).click();
    const form = page.getByRole('form', { name: 'New export' });
    await expect(form.getByRole('radio', { name: 'A campaign' })).toBeChecked();
    await expect(form.getByRole('combobox', { name: 'Campaign' })).toHaveValue(DEMO_CAMPAIGN);
    await page.goto(`/campaigns/${DEMO_CAMPAIGN}`);
    await results.getByRole('link', { name: 'Agreement', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Agreement by question' })).toBeVisible();
  });
}

test('the corpus page links to its pairs in the explorer, its map and its export', async ({ page, loginAs }) => {
  await loginAs('researcher');
  await page.goto(`/corpora/${DEMO_CORPUS}`);
  const next = page.getByRole('navigation', { name: 'This corpus elsewhere' });
  await expect(next.getByRole('link', { name: 'Its pairs in the explorer' })).toHaveAttribute(
    'href',
    `/explore?corpus=${DEMO_CORPUS}`,
  );
  await expect(next.getByRole('link', { name: 'Its characteristic map' })).toHaveAttribute(
    'href',
    `/dashboards/maps?corpus=${DEMO_CORPUS}`,
  );
  await next.getByRole('link', { name: 'Export it' }).click();
  const form = page.getByRole('form', { name: 'New export' });
  await expect(form.getByRole('radio', { name: 'A corpus' })).toBeChecked();
  await expect(form.getByRole('combobox', { name: 'Corpus' })).toHaveValue(DEMO_CORPUS);
  await page.goto(`/corpora/${DEMO_CORPUS}`);
  await next.getByRole('link', { name: 'Its pairs in the explorer' }).click();
  await expect(page).toHaveURL(new RegExp(`/explore\\?corpus=${DEMO_CORPUS}`));
  await expect(page.getByRole('table', { name: 'Pairs' })).toBeVisible();
});

test('open adjudications are counted in pairs with their labels named; questions and answers read as words', async ({
  page,
  loginAs,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await loginAs('researcher');
  const campaign = await campaignOfTwo(page.request, origin, `E2E counts ${Date.now()}`);
  const [first, second, third] = campaign.pairs;
  // first pair: both questions tied (2 open labels); second: the yes/no tied (1); third: agreed
  await importLabels(
    page.request,
    origin,
    campaign.id,
    [
      { a: first!.a, b: first!.b, who: 'one', loose: true, rel: 'forward' },
      { a: first!.a, b: first!.b, who: 'two', loose: false, rel: 'negation' },
      { a: second!.a, b: second!.b, who: 'one', loose: true, rel: 'equivalence' },
      { a: second!.a, b: second!.b, who: 'two', loose: false, rel: 'equivalence' },
      { a: third!.a, b: third!.b, who: 'one', loose: true, rel: 'forward' },
      { a: third!.a, b: third!.b, who: 'two', loose: true, rel: 'forward' },
    ],
    'a=a,b=b,annotator=who,paraphraseLoose=loose,relation=rel',
  );
  await page.goto(`/campaigns/${campaign.slug}`);
  const quality = page.getByRole('region', { name: /Quality/ });
  await expect(quality.getByRole('link', { name: /Adjudication queue/ })).toHaveText(
    'Adjudication queue: 2 pairs open (3 labels)',
  );
  const methods = quality.getByRole('table', { name: 'Final labels by method' });
  await expect(methods).toContainText('Paraphrase under the loose definition?');
  await expect(methods).not.toContainText('paraphraseLoose');
  await quality.getByRole('link', { name: /Adjudication queue/ }).click();
  await expect(page.getByRole('main')).toContainText('2 pairs open (3 labels)');

  await page.goto(`/explore/pairs/${third!.id}`);
  const record = page.getByRole('region', { name: /^Campaign E2E counts/ });
  const final = record.getByTestId('final-answer');
  await expect(final).toContainText('Paraphrase under the loose definition?: yes');
  await expect(final).toContainText('Entailment relation: Forward entailment (first ⊨ second)');
  await expect(record).not.toContainText('paraphraseLoose');
  await expect(final).not.toContainText('true');
});

test('a draft is closed through "Close campaign…" and a confirmation; cancelling keeps it', async ({
  page,
  loginAs,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await loginAs('researcher');
  const campaign = await campaignOfTwo(page.request, origin, `E2E close ${Date.now()}`, { status: 'draft' });
  await page.goto(`/campaigns/${campaign.slug}`);
  const status = page.getByRole('region', { name: 'Status' });
  await expect(status.getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
  await status.getByRole('button', { name: 'Close campaign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close this campaign?' });
  await expect(dialog).toContainText('cannot be reopened');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('campaign-status')).toHaveText('DRAFT');
  await status.getByRole('button', { name: 'Close campaign…' }).click();
  await dialog.getByRole('button', { name: 'Close the campaign' }).click();
  await expect(page.getByTestId('campaign-status')).toHaveText('CLOSED');
});

test("the agreement table says α (interval level), and Fleiss' κ leaves out the unit with fewer ratings, saying so once", async ({
  page,
  loginAs,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  await loginAs('researcher');
  const campaign = await campaignOfTwo(page.request, origin, `E2E fleiss ${Date.now()}`, {
    questions: ['semantic', 'paraphraseLoose'],
  });
  const [first, second, third] = campaign.pairs;
  await importLabels(
    page.request,
    origin,
    campaign.id,
    [
      { a: first!.a, b: first!.b, who: 'one', sem: 4, loose: true },
      { a: first!.a, b: first!.b, who: 'two', sem: 3, loose: true },
      { a: second!.a, b: second!.b, who: 'one', sem: 1, loose: false },
      { a: second!.a, b: second!.b, who: 'two', sem: 1, loose: true },
      // one rating only: a unit Fleiss' κ cannot use
      { a: third!.a, b: third!.b, who: 'one', sem: 2, loose: false },
    ],
    'a=a,b=b,annotator=who,semantic=sem,paraphraseLoose=loose',
  );
  await page.goto(`/dashboards/campaigns/${campaign.slug}?resamples=50`);
  const table = page.getByRole('table', { name: 'Agreement by question' });
  await expect(table.getByRole('columnheader', { name: 'α (interval level)' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'α interval' })).toHaveCount(0);
  for (const question of ['semantic', 'paraphraseLoose']) {
    const fleiss = table.locator(`tr[data-question="${question}"] [data-coefficient="fleiss"]`);
    await expect(fleiss).not.toContainText('undefined');
    await expect(fleiss).toContainText(/\d\.\d{3}/);
  }
  const section = page.getByRole('region', { name: 'Agreement by question' });
  await expect(section.getByText(/Fleiss' κ uses the 2 pairs with 2 ratings each; 1 pair with fewer was left out/)).toHaveCount(
    1,
  );
  const api = (await (await page.request.get(`/api/v1/campaigns/${campaign.id}/agreement?bootstrap=0`)).json()) as {
    questions: Record<string, { fleissKappa: number | null; fleissUnits: Record<string, number> }>;
  };
  expect(api.questions.paraphraseLoose?.fleissUnits).toEqual({ ratings: 2, used: 2, leftOut: 1, fewer: 1 });
  expect(api.questions.paraphraseLoose?.fleissKappa).not.toBeNull();
});

test('campaign creation and adjudication are in the audit log, their details as words that fit at 1280 px', async ({
  page,
  loginAs,
  baseURL,
  browser,
}) => {
  const origin = new URL(baseURL!).origin;
  const researcherContext = await browser.newContext();
  const researcher = await researcherContext.newPage();
  const { signInAs, demoEmail } = await import('./fixtures');
  await signInAs(researcher, demoEmail('researcher'));
  await expect(researcher.getByTestId('current-role')).toBeVisible();
  const name = `E2E audited ${Date.now()}`;
  const campaign = await campaignOfTwo(researcher.request, origin, name);
  const [first] = campaign.pairs;
  await importLabels(
    researcher.request,
    origin,
    campaign.id,
    [
      { a: first!.a, b: first!.b, who: 'one', loose: true, rel: 'forward' },
      { a: first!.a, b: first!.b, who: 'two', loose: false, rel: 'forward' },
    ],
    'a=a,b=b,annotator=who,paraphraseLoose=loose,relation=rel',
  );
  const decided = await researcher.request.post(`/api/v1/campaigns/${campaign.id}/adjudications`, {
    headers: { origin },
    data: { pairId: first!.id, answers: { paraphraseLoose: true }, note: 'both read it as the same claim' },
  });
  expect(decided.status(), await decided.text()).toBe(201);
  await researcherContext.close();

  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs('admin');
  await page.goto('/admin/audit?action=campaign.');
  const log = page.getByRole('table', { name: 'Audit log' });
  const created = log.locator('tbody tr').filter({ hasText: 'campaign.create' }).filter({ hasText: name });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText(`name: ${name}`);
  await expect(created).not.toContainText('{"');
  const adjudicated = log
    .locator('tbody tr')
    .filter({ hasText: 'campaign.adjudicate' })
    .filter({ hasText: `#${campaign.id}` });
  await expect(adjudicated).toHaveCount(1);
  await expect(adjudicated).toContainText(`pair: ${first!.id}`);
  await expect(adjudicated).toContainText('Paraphrase under the loose definition?: yes');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const scroll = await log.evaluate((t) => (t.parentElement ? t.parentElement.scrollWidth - t.parentElement.clientWidth : 0));
  expect(scroll).toBeLessThanOrEqual(0);
});

test('a new campaign asks for no gold pairs, and its guidelines follow the text type of the corpus', async ({
  page,
  loginAs,
}) => {
  await loginAs('researcher');
  await page.goto('/campaigns/new');
  await expect(page.getByLabel(/gold pair in every/i)).toHaveValue('0');
  await expect(page.getByText(/Mark gold pairs on the campaign page once it exists/)).toBeVisible();
  const preview = page.getByRole('region', { name: 'Guidelines preview' });
  await page.getByRole('checkbox', { name: /PAWS-Wiki · demo sample/ }).check();
  await page.getByRole('checkbox', { name: 'Paraphrase under the loose definition?', exact: true }).check();
  await expect(preview).toContainText('two sentences');
  await expect(preview).not.toContainText('captions that Wikipedia editors wrote');
  await expect(preview).not.toContainText('the shared image');
  await page.getByRole('checkbox', { name: /PAWS-Wiki · demo sample/ }).uncheck();
  await page.getByRole('checkbox', { name: /paper examples/ }).check();
  await expect(preview).toContainText('captions');
});

test('gold pairs are turned on from the campaign page once one is marked', async ({ page, loginAs, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await loginAs('researcher');
  const res = await page.request.post('/api/v1/campaigns', {
    headers: { origin },
    data: {
      name: `E2E gold later ${Date.now()}`,
      corpora: [DEMO_CORPUS],
      sample: { strategy: 'random', size: 3, seed: 5 },
      questions: ['paraphraseLoose'],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const campaign = (await res.json()) as { id: number; slug: string };
  await page.goto(`/campaigns/${campaign.slug}`);
  const quality = page.getByRole('region', { name: /Quality/ });
  await expect(quality).toContainText('none handed out: mark gold pairs below, then set how often annotators get one');
  await expect(page.getByTestId('no-gold-warning')).toHaveCount(0);
  const pairs = (
    (await (await page.request.get(`/api/v1/pairs?campaign=${campaign.slug}&limit=1`)).json()) as { pairs: Array<{ id: number }> }
  ).pairs;
  const gold = await page.request.post(`/api/v1/campaigns/${campaign.id}/gold`, {
    headers: { origin },
    data: { pairId: pairs[0]!.id, answers: { paraphraseLoose: true }, explanation: 'The same claim in other words.' },
  });
  expect(gold.status(), await gold.text()).toBe(201);
  await page.reload();
  const rate = quality.getByRole('form', { name: 'Gold pairs handed out' });
  await rate.getByLabel('One gold pair in every').fill('3');
  await rate.getByRole('button', { name: 'Save' }).click();
  await expect(rate.getByRole('status')).toHaveText('Saved: one gold pair in every 3.');
  await page.reload();
  await expect(quality).toContainText('1 gold pair, one in every 3 handed out');
});

test('the icon is served to a signed-out visitor, and /favicon.ico is not a 404', async ({ request }) => {
  const svg = await request.get('/icon.svg', { maxRedirects: 0 });
  expect(svg.status()).toBe(200);
  expect(svg.headers()['content-type']).toContain('image/svg+xml');
  const ico = await request.get('/favicon.ico', { maxRedirects: 0 });
  expect(ico.status()).toBe(200);
  expect(ico.headers()['content-type']).toMatch(/image\//);
});
