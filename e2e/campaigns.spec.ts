/**
 * Campaigns, researcher side: a stratified campaign with every question type (a custom choice
 * question included) created through the form, which posts to POST /api/v1/campaigns; its place in
 * the list; its page with the sample's per-stratum counts; a status change and a member added
 * through their /api/v1 routes. An annotator gets 403 for every campaign page and API, and the
 * status change replayed with the annotator's session is refused and changes nothing.
 */
import type { Request } from '@playwright/test';
import { test, expect, demoEmail, signInAs } from './fixtures';

test('a researcher creates a stratified campaign with every question type, then manages it; an annotator can do none of it', async ({
  page,
  loginAs,
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `E2E stratified ${Date.now()}`;
  await loginAs('researcher');
  await page.goto('/campaigns');
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { name: 'New campaign' })).toBeVisible();

  // Name, corpus, sample: 3 pairs per bin of ROUGE-1 in 5 bins, 8-40 words per text, a fixed seed.
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('checkbox', { name: /PAWS-Wiki · demo sample/ }).check();
  await page.getByRole('radio', { name: /Stratified/ }).check();
  await page.getByLabel('Stratify by').selectOption('rouge1');
  await page.getByLabel('Bins').fill('5');
  await page.getByLabel('Pairs per bin').fill('3');
  await page.getByLabel(/^Seed/).fill('2023');
  await page.getByLabel('Words per text, from').fill('8');
  await page.getByLabel('Words per text, to').fill('40');

  // The preview counts the candidates and what each stratum would give.
  const preview = page.getByRole('table', { name: 'Pairs per stratum' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('row')).toHaveCount(6); // header + 5 bins
  await expect(preview.getByRole('row').nth(1)).toContainText('ROUGE-1 bin 1 of 5');
  await expect(page.getByTestId('preview-summary')).toContainText('the sample would draw');

  // Every built-in question, the rationale required for negation, and a custom choice question.
  for (const label of [
    'Paraphrase under the loose definition?',
    'Paraphrase under the strict definition?',
    'Entailment relation',
  ]) {
    await page.getByRole('checkbox', { name: label, exact: true }).check();
  }
  await page.getByLabel('Rationale (free text)').selectOption('conditional');
  await page
    .getByRole('group', { name: /Rationale required when “Entailment relation” is/ })
    .getByRole('checkbox', { name: 'Negation' })
    .check();
  await page.getByRole('button', { name: 'Add a choice question' }).click();
  // a key the API refuses is named while typing, and the guidelines keep the other questions
  await page.getByLabel('Key of custom question 1').fill('bad key!');
  await expect(page.getByTestId('question-problems')).toContainText('a key is 1-40 letters, digits, - or _');
  await expect(
    page.getByRole('region', { name: 'Guidelines preview' }).getByRole('heading', { name: 'Entailment relation' }),
  ).toBeVisible();
  await page.getByLabel('Key of custom question 1').fill('nli');
  await page.getByLabel('Label of custom question 1').fill('Inference label');
  await page.getByLabel('Options of custom question 1').fill('entailment\nneutral\ncontradiction');
  await page.getByLabel('Level of custom question 1').selectOption('ordinal');
  await expect(page.getByTestId('question-problems')).toHaveCount(0);

  // The guidelines follow the questions: the papers' sections and the custom question, rendered safely.
  const guidelines = page.getByRole('region', { name: 'Guidelines preview' });
  await expect(guidelines.getByRole('heading', { name: 'Entailment relation' })).toBeVisible();
  await expect(guidelines.getByRole('heading', { name: 'Strict definition (for generation)' })).toBeVisible();
  await expect(guidelines.getByRole('heading', { name: 'Inference label' })).toBeVisible();

  await page.getByRole('checkbox', { name: /Demo Annotator/ }).check();

  // A field error from the API's 400 is shown beside the field in plain words, and nothing is created.
  await page.getByLabel('Annotators per pair').fill('0');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByRole('region', { name: 'Overlap and order' }).getByRole('alert')).toContainText('must be at least 1');
  await expect(page.getByText('the fields marked above need a change')).toBeVisible();
  await expect(page.getByLabel('Annotators per pair')).toHaveValue('0');
  await page.getByLabel('Annotators per pair').fill('3');
  await page.getByRole('button', { name: 'Create campaign' }).click();

  // The campaign page: settings, the sample per stratum, the questions.
  await expect(page).toHaveURL(/\/campaigns\/e2e-stratified-/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('campaign-status')).toHaveText('DRAFT');
  const strata = page.getByRole('table', { name: 'Sample per stratum' });
  await expect(strata.getByRole('row')).toHaveCount(6);
  await expect(strata.getByRole('row').nth(1)).toContainText('ROUGE-1 bin 1 of 5');
  await expect(page.getByText(/Stratified by ROUGE-1: 5 equal-width bins/)).toBeVisible();
  await expect(page.getByText(/Seed 2023/)).toBeVisible();
  const questions = page.getByRole('table', { name: 'Questions' });
  for (const key of ['semantic', 'syntactic', 'paraphraseLoose', 'paraphraseStrict', 'relation', 'rationale', 'nli'])
    await expect(questions.getByRole('cell', { name: key, exact: true })).toBeVisible();
  await expect(questions).toContainText('entailment · neutral · contradiction (ordinal)');
  await expect(questions).toContainText('required when relation is Negation');
  const slug = new URL(page.url()).pathname.split('/').pop()!;

  // Listed, with a link to it.
  await page.goto('/campaigns');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) });
  await expect(row).toContainText(/draft/i);
  await row.getByRole('link', { name }).click();

  // Status change through its API route; the request is kept to replay it as the annotator.
  let statusRequest: Request | null = null;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/v1/campaigns/${slug}/status`)) statusRequest ??= r;
  });
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByTestId('campaign-status')).toHaveText('ACTIVE');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();

  // Member add: the demo admin joins as an annotator (with a pseudonym).
  const members = page.getByRole('table', { name: 'Members' });
  await expect(members.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Add an annotator').selectOption({ label: 'Demo Admin (admin@paralens.local, admin)' });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(members.getByRole('row')).toHaveCount(3);
  await expect(members.getByRole('row').filter({ hasText: 'admin@paralens.local' })).toContainText(/ann-[a-z2-7]{6}/);
  await expect(page.getByRole('table', { name: 'Progress per annotator' })).toContainText('Demo Admin');

  // The annotator: 403 on every campaign page and API, and the replayed status change is refused.
  expect(statusRequest).not.toBeNull();
  const captured = statusRequest as unknown as Request;
  const context = await browser.newContext();
  const annotator = await context.newPage();
  await signInAs(annotator, demoEmail('annotator'));
  await expect(annotator.getByTestId('current-role')).toBeVisible();
  for (const path of ['/campaigns', '/campaigns/new', `/campaigns/${slug}`]) {
    const res = await annotator.goto(path);
    expect(res?.status(), path).toBe(403);
  }
  // Same-origin requests (as the browser's fetch sends them), so the 403 is the role's.
  const sameOrigin = { Origin: new URL(page.url()).origin };
  for (const [path, data] of [
    ['/api/v1/campaigns/preview', { corpora: ['x'], sample: { strategy: 'all' } }],
    ['/api/v1/campaigns', { name: 'x' }],
  ] as const) {
    const res = await annotator.request.post(path, { data, headers: sameOrigin });
    expect(res.status(), path).toBe(403);
    expect(await res.json(), path).toMatchObject({ error: { code: 'FORBIDDEN', message: 'Your role may not do this.' } });
  }
  const headers = { ...sameOrigin, 'content-type': 'application/json' };
  const replay = await annotator.request.post(captured.url(), { headers, data: captured.postData() ?? '' });
  expect(replay.status()).toBe(403);
  expect(await replay.json()).toMatchObject({ error: { code: 'FORBIDDEN', message: 'Your role may not do this.' } });

  // As a member, the annotator answers one pair through the API the workbench uses.
  const next = await annotator.request.get(`/api/v1/campaigns/${slug}/next`, { headers: sameOrigin });
  expect(next.status()).toBe(200);
  const { pairId } = (await next.json()) as { pairId: number };
  const answers = {
    semantic: 3,
    syntactic: 2,
    paraphraseLoose: true,
    paraphraseStrict: false,
    relation: 'intersection',
    nli: 'neutral',
  };
  const submitted = await annotator.request.post(`/api/v1/campaigns/${slug}/annotations`, {
    data: { submissionId: `e2e-${Date.now()}`, pairId, answers, durationMs: 12_000 },
    headers: sameOrigin,
  });
  expect(submitted.status()).toBe(201);
  await context.close();

  // Nothing changed by the refused replay (still active); the answer shows in the progress.
  await page.reload();
  await expect(page.getByTestId('campaign-status')).toHaveText('ACTIVE');
  await expect(page.getByRole('region', { name: 'Progress' })).toContainText('1 of 45 answers');
  await expect(page.getByRole('figure', { name: 'Answers over time' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Done and remaining per annotator' }).locator('svg').first()).toBeVisible();
  const demoAnnotator = page
    .getByRole('table', { name: 'Progress per annotator' })
    .getByRole('row')
    .filter({ hasText: 'Demo Annotator' });
  await expect(demoAnnotator).toContainText('12 s');
});
