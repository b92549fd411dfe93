/**
 * Annotation quality end to end, the rules that make final labels: the quality settings on the
 * campaign page (open spread, tie rule) and the study designs (a vote rule and the quality gate,
 * which excludes the annotator who always disagrees and tells them so).
 */
import { demoEmail, signInAs } from './fixtures';
import { expect, pageAs, test } from './workbench-helpers';
import { DEMO_CORPUS, answerNext, finalLines, newCampaign, uniqueNumber } from './support/quality-campaigns';

test('quality settings on the campaign page: a wider open spread turns a spread into a median, the tie rule picks its middle answer', async ({
  browser,
  baseURL,
  researcher,
}) => {
  // Three sign-ins, answers, and four saves of the settings that each recompute the final labels:
  // more than a minute with two workers.
  test.setTimeout(150_000);
  const campaign = await newCampaign(researcher, {
    questions: ['semantic'],
    members: ['annotator', 'admin'],
    size: 1,
    overlap: 2,
  });
  const annotator = await pageAs(browser, 'annotator', baseURL);
  const admin = await pageAs(browser, 'admin', baseURL);
  const pairId = await answerNext(annotator.request, campaign.id, { semantic: 1 });
  await answerNext(admin.request, campaign.id, { semantic: 3 });
  // 1 and 3: a spread of 2, left open by default
  expect((await finalLines(researcher, campaign.id))[0]).toMatchObject({ pairId, method: { semantic: 'spread' }, n: 2 });

  const staff = await pageAs(browser, 'researcher', baseURL);
  await staff.goto(`/campaigns/${campaign.slug}`);
  await staff.getByText('Quality settings', { exact: true }).click();
  const form = staff.getByRole('form', { name: 'Quality settings' });
  await expect(form.getByLabel(/Leave ordered answers open/)).toHaveValue('2');
  await form.getByLabel(/Leave ordered answers open/).fill('3');
  await form.getByRole('button', { name: 'Save quality settings' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved; final labels and accuracy recomputed.');
  // the median of 1 and 3 is the lower middle, 1, by default
  expect((await finalLines(researcher, campaign.id))[0]).toEqual({
    pairId,
    answers: { semantic: 1 },
    method: { semantic: 'median' },
    medianRule: { semantic: 'lower' },
    n: 2,
  });
  await staff.reload();
  await expect(staff.getByRole('table', { name: 'Final labels by method' })).toContainText('median of the answers, lower middle');

  // the tie rule: the upper middle answer, then left open as a tie
  await staff.getByText('Quality settings', { exact: true }).click();
  await form.getByLabel(/Likert and ordinal answers/).selectOption('upper');
  await form.getByRole('button', { name: 'Save quality settings' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved; final labels and accuracy recomputed.');
  expect((await finalLines(researcher, campaign.id))[0]).toEqual({
    pairId,
    answers: { semantic: 3 },
    method: { semantic: 'median' },
    medianRule: { semantic: 'upper' },
    n: 2,
  });
  await form.getByLabel(/Likert and ordinal answers/).selectOption('open');
  await form.getByRole('button', { name: 'Save quality settings' }).click();
  // the status still shows the last save's message: wait for the labels themselves
  await expect
    .poll(async () => (await finalLines(researcher, campaign.id))[0])
    .toEqual({ pairId, answers: {}, method: { semantic: 'tie' }, medianRule: {}, n: 2 });
  await staff.reload();
  await expect(staff.getByRole('table', { name: 'Final labels by method' })).toContainText('tied (open)');
  await expect(staff.getByRole('link', { name: 'Adjudication queue: 1 pair open (1 label)' })).toBeVisible();
  for (const p of [annotator, admin, staff]) await p.context().close();
});

test('study designs: a vote rule and the quality gate from the campaign page; the annotator who always disagrees is excluded and told so politely', async ({
  browser,
  baseURL,
  researcher,
  createAccount,
}) => {
  test.setTimeout(180_000);
  const contrarian = await createAccount('annotator');
  const seed = (Date.now() + uniqueNumber()) % 100_000;
  test.info().annotations.push({ type: 'sample seed', description: `${DEMO_CORPUS}, random 4, seed ${seed}` });
  const created = await researcher.post('/api/v1/campaigns', {
    data: {
      name: `E2E study design ${Date.now()} seed ${seed}`,
      corpora: [DEMO_CORPUS],
      sample: { strategy: 'random', size: 4, seed },
      questions: ['paraphraseLoose'],
      overlap: 3,
      goldEvery: 0,
      randomiseOrder: false,
      members: [demoEmail('annotator'), demoEmail('admin'), contrarian.email],
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as { id: number; slug: string };

  // the researcher chooses the Spanish study's rule and MultiPIT's kappa gate on the page
  const staff = await pageAs(browser, 'researcher', baseURL);
  await staff.goto(`/campaigns/${campaign.slug}`);
  await staff.getByText('Quality settings', { exact: true }).click();
  const form = staff.getByRole('form', { name: 'Quality settings' });
  // a rule for six judgements cannot be chosen for a campaign of three
  await expect(form.getByRole('option', { name: /MultiPIT crowd.*needs overlap 6/ })).toBeDisabled();
  await form.getByLabel('Yes/no answers become a final label by').selectOption('twoOfThree');
  await expect(form.getByLabel(/split 50\/50/)).toHaveCount(0);
  await form.getByLabel(/Exclude at κ against the majority/).fill('0.2');
  await form.getByLabel(/after this many judgements/).fill('2');
  await form.getByRole('button', { name: 'Save quality settings' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved; final labels and accuracy recomputed.');

  // two annotators agree (yes on the first two pairs handed out, no on the others); the third always says the opposite
  const truth = new Map<number, boolean>();
  const annotator = await pageAs(browser, 'annotator', baseURL);
  const admin = await pageAs(browser, 'admin', baseURL);
  for (const client of [annotator.request, admin.request]) {
    for (let i = 0; i < 4; i++) {
      const next = await client.get(`/api/v1/campaigns/${campaign.id}/next`);
      const { pairId } = (await next.json()) as { pairId: number };
      if (!truth.has(pairId)) truth.set(pairId, truth.size < 2);
      const res = await client.post(`/api/v1/campaigns/${campaign.id}/annotations`, {
        data: {
          submissionId: `e2e-design-${Date.now()}-${uniqueNumber()}`,
          pairId,
          answers: { paraphraseLoose: truth.get(pairId) },
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  }
  // two answers of three agree: the rule can already tell (2 yes of 3 is yes whatever comes; 0 yes of 3 cannot reach 2)
  const before = await finalLines(researcher, campaign.id);
  expect(before.map((l) => [l.answers.paraphraseLoose, l.method.paraphraseLoose]).sort()).toEqual([
    [false, 'unanimous'],
    [false, 'unanimous'],
    [true, 'unanimous'],
    [true, 'unanimous'],
  ]);

  const context = await browser.newContext({ extraHTTPHeaders: { Origin: new URL(baseURL!).origin } });
  const page = await context.newPage();
  await signInAs(page, contrarian.email);
  await expect(page.getByTestId('current-role')).toBeVisible();
  for (let i = 0; i < 2; i++) {
    const next = await page.request.get(`/api/v1/campaigns/${campaign.id}/next`);
    expect(next.status()).toBe(200);
    const { pairId } = (await next.json()) as { pairId: number };
    const res = await page.request.post(`/api/v1/campaigns/${campaign.id}/annotations`, {
      data: {
        submissionId: `e2e-design-${Date.now()}-${uniqueNumber()}`,
        pairId,
        answers: { paraphraseLoose: !truth.get(pairId) },
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  // after two judgements against an undivided majority (kappa ≤ 0.2) the gate excluded them: the workbench says so
  await page.goto(`/annotate/${campaign.slug}`);
  await expect(page.getByText(/Thank you for your work on this campaign/)).toBeVisible();
  await expect(page.getByTestId('pair-text-1')).toHaveCount(0);

  // the campaign page shows them excluded, with their kappa against the majority; their answers are kept
  await staff.reload();
  const row = staff.getByRole('table', { name: 'Gold accuracy per annotator' }).getByRole('row', { name: /E2E annotator/ });
  await expect(row).toContainText('excluded');
  await expect(staff.getByText(/Quality gate on/)).toBeVisible();
  await expect(staff.getByText(/Yes\/no questions follow the vote rule/)).toContainText('at least 2 of 3 yes');
  const lines = await finalLines(researcher, campaign.id);
  expect(lines.every((l) => l.n === 2)).toBe(true);
  for (const p of [annotator, admin, staff]) await p.context().close();
  await context.close();
});
