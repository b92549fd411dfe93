/**
 * Annotation quality end to end (issue: annotation quality, "Done when"): a gold miss shows the
 * expected answer and explanation in the workbench and flags the annotator on the campaign page; a
 * disagreement is adjudicated from the queue with the keyboard; a discussion-round revision keeps
 * the first answer in the history; and the API of gold pairs, adjudications and final labels over
 * HTTP, with every final method.
 */
import type { APIRequestContext } from '@playwright/test';
import { demoEmail, signIn, type DemoRole } from './fixtures';
import { expect, openWorkbench, pageAs, saveStatus, test } from './workbench-helpers';
import { createCorpus } from './support/corpora';

const DEMO_CORPUS = 'paws-wiki-demo-sample';
let counter = 0;

async function newCampaign(researcher: APIRequestContext, spec: { questions: unknown[]; members: DemoRole[]; size: number; overlap: number; goldEvery?: number }) {
  const seed = (Date.now() + counter) % 100_000;
  test.info().annotations.push({ type: 'sample seed', description: `${DEMO_CORPUS}, random ${spec.size}, seed ${seed}` });
  const res = await researcher.post('/api/v1/campaigns', {
    data: {
      name: `E2E quality ${Date.now()} ${(counter += 1)} seed ${seed}`,
      corpora: [DEMO_CORPUS],
      sample: { strategy: 'random', size: spec.size, seed },
      questions: spec.questions,
      overlap: spec.overlap,
      goldEvery: spec.goldEvery ?? 0,
      randomiseOrder: false,
      members: spec.members.map(demoEmail),
      status: 'active',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; slug: string };
}

/** Takes the next pair and answers it over the API (texts in stored order: randomiseOrder is off). */
async function answerNext(client: APIRequestContext, campaignId: number, answers: Record<string, unknown>): Promise<number> {
  const next = await client.get(`/api/v1/campaigns/${campaignId}/next`);
  expect(next.status()).toBe(200);
  const { pairId } = (await next.json()) as { pairId: number };
  const res = await client.post(`/api/v1/campaigns/${campaignId}/annotations`, { data: { submissionId: `e2e-quality-${Date.now()}-${(counter += 1)}`, pairId, answers } });
  expect(res.status(), await res.text()).toBe(201);
  return pairId;
}

/** A pair of the demo corpus that the campaign has not handed out: taken from a scratch campaign of the researcher's own. */
async function spareDemoPair(researcher: APIRequestContext): Promise<number> {
  const scratch = await newCampaign(researcher, { questions: ['semantic'], members: ['researcher'], size: 1, overlap: 1 });
  const next = await researcher.get(`/api/v1/campaigns/${scratch.id}/next`);
  return ((await next.json()) as { pairId: number }).pairId;
}

async function finalLines(researcher: APIRequestContext, campaignId: number) {
  const res = await researcher.get(`/api/v1/campaigns/${campaignId}/final`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/x-ndjson');
  return (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { pairId: number; answers: Record<string, unknown>; method: Record<string, string>; medianRule: Record<string, string>; n: number });
}

test('a gold miss shows the expected answer and explanation; the annotator is flagged on the campaign page and can be excluded', async ({ browser, baseURL, loginAs, page, researcher }) => {
  const campaign = await newCampaign(researcher, { questions: ['semantic'], members: ['annotator'], size: 1, overlap: 1, goldEvery: 2 });
  const goldPair = await spareDemoPair(researcher);
  const gold = await researcher.post(`/api/v1/campaigns/${campaign.id}/gold`, { data: { pairId: goldPair, answers: { semantic: 0 }, explanation: 'A test pair: the two sentences share no meaning at all.' } });
  expect(gold.status(), await gold.text()).toBe(201);

  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);
  for (let i = 0; i < 2; i++) {
    await expect(page.getByTestId('pair-text-1')).toBeVisible();
    await page.keyboard.press('4');
    await expect(page.getByRole('button', { name: /Submit/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(saveStatus(page)).toContainText('saved ✓');
  }
  const feedback = page.getByRole('alertdialog', { name: /test pair/ });
  await expect(feedback).toBeVisible();
  await expect(feedback).toContainText('Expected');
  await expect(feedback).toContainText('0 (unrelated');
  await expect(feedback).toContainText('share no meaning at all');
  await expect(feedback.getByRole('button', { name: /Continue/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(feedback).toBeHidden();

  const staff = await pageAs(browser, 'researcher', baseURL);
  await staff.goto(`/campaigns/${campaign.slug}`);
  const table = staff.getByRole('table', { name: 'Gold accuracy per annotator' });
  const row = table.getByRole('row', { name: /Demo Annotator/ });
  await expect(row).toContainText('flagged');
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText('0%');
  await row.getByRole('button', { name: /Exclude/ }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'left out of the final labels' })).toBeVisible();
  await expect(row).toContainText('excluded');
  await staff.context().close();
});

test('gold pairs from a file on the campaign page: a bad row is named by its line and nothing is marked; then the file is taken', async ({ browser, baseURL, researcher }) => {
  const campaign = await newCampaign(researcher, { questions: ['semantic'], members: [], size: 1, overlap: 1, goldEvery: 3 });
  const spare = await spareDemoPair(researcher);
  const staff = await pageAs(browser, 'researcher', baseURL);
  await staff.goto(`/campaigns/${campaign.slug}`);
  await expect(staff.getByText(/^0 gold pairs, one in every 3 handed out/)).toBeVisible();
  // a gold rate with no gold pair marked is said at once
  await expect(staff.getByTestId('no-gold-warning')).toContainText('no gold pair is marked yet');
  await staff.getByText('Mark gold pairs from a file').click();
  const form = staff.getByRole('form', { name: 'Mark gold pairs from a file' });
  const upload = async (rows: string[]) => {
    await form.getByLabel('File (CSV, TSV or JSON Lines)').setInputFiles({ name: 'gold.csv', mimeType: 'text/csv', buffer: Buffer.from(['id,score,why', ...rows].join('\n')) });
    await form.getByRole('button', { name: 'Mark gold pairs' }).click();
  };
  await form.getByLabel('Columns').fill('id=id,semantic=score,explanation=why');
  await upload([`${spare},0,The two sentences share no meaning.`, `${spare},9,Off the scale.`]);
  await expect(form.getByRole('status')).toHaveText('1 row could not be marked; nothing was written.');
  await expect(form.getByRole('list', { name: 'Rows that could not be marked' })).toContainText('line 3: answers.semantic must be an integer from 0 to 4, not 9');
  await upload([`${spare},0,The two sentences share no meaning.`]);
  await expect(form.getByRole('status')).toHaveText('Marked 1 gold pair (1 new, 0 replaced).');
  await expect(staff.getByText(/^1 gold pair, one in every 3 handed out/)).toBeVisible();
  await expect(staff.getByTestId('no-gold-warning')).toHaveCount(0);
  await staff.context().close();
});

test('labels collected elsewhere on the campaign page: a bad line writes nothing; then the pairs are created, one in each direction', async ({ browser, baseURL, researcher }) => {
  // a corpus made through the page, two sign-ins and two imports: over a minute on a loaded two-core machine
  test.setTimeout(180_000);
  const campaign = await newCampaign(researcher, { questions: [{ key: 'nli', type: 'choice', label: 'NLI', options: ['E', 'C', 'N'], level: 'nominal' }], members: [], size: 1, overlap: 1 });
  const staff = await pageAs(browser, 'researcher', baseURL);
  const name = `E2E labels ${Date.now()}`;
  await createCorpus(staff, name);
  await staff.goto(`/campaigns/${campaign.slug}`);
  await staff.getByText('Import labels collected elsewhere').click();
  const form = staff.getByRole('form', { name: 'Import labels from a file' });
  const stamp = Date.now();
  const upload = async (rows: string[]) => {
    await form.getByLabel('File (CSV, TSV or JSON Lines)').setInputFiles({ name: 'labels.csv', mimeType: 'text/csv', buffer: Buffer.from(['id,s1,s2,who,label', ...rows].join('\n')) });
    await form.getByRole('button', { name: 'Import labels' }).click();
  };
  await form.getByLabel('Columns').fill('pair=id,a=s1,b=s2,annotator=who,nli=label');
  await form.getByLabel('Pairs no corpus of the campaign holds').selectOption({ label: `are created in ${name} (needs a= and b=)` });
  const [a, b] = [`A dog runs ${stamp}.`, `A dog is running ${stamp}.`];
  await upload([`x${stamp},${a},${b},w1,E`, `x${stamp}b,${b},${a},w1,Q`]);
  await expect(form.getByRole('status')).toHaveText('1 row could not be imported; nothing was written.');
  await expect(form.getByRole('list', { name: 'Rows that could not be imported' })).toContainText('line 3: answers.nli must be one of E, C, N, not "Q"');
  await upload([`x${stamp},${a},${b},w1,E`, `x${stamp}b,${b},${a},w1,N`]);
  await expect(form.getByRole('status')).toContainText('Imported 2 answers by 1 annotators on 2 pairs (2 added to the campaign). Created 1 pairs in ', { timeout: 60_000 });
  await expect(form.getByRole('status')).toContainText('-reversed (the other direction).');
  await staff.context().close();
});

test('a disagreement is adjudicated from the queue with the keyboard', async ({ browser, baseURL, researcher }) => {
  test.setTimeout(150_000); // three sign-ins and a decision that recomputes the final labels: over a minute on a busy machine
  const campaign = await newCampaign(researcher, { questions: ['relation', 'rationale'], members: ['annotator', 'admin'], size: 1, overlap: 2 });
  const annotator = await pageAs(browser, 'annotator', baseURL);
  const admin = await pageAs(browser, 'admin', baseURL);
  const pairId = await answerNext(annotator.request, campaign.id, { relation: 'forward', rationale: 'The second leaves a detail out.' });
  await answerNext(admin.request, campaign.id, { relation: 'equivalence', rationale: 'Same event, same facts.' });
  expect((await finalLines(researcher, campaign.id))[0]).toMatchObject({ pairId, method: { relation: 'tie' }, n: 2 });

  const staff = await pageAs(browser, 'researcher', baseURL);
  await staff.goto(`/adjudicate/${campaign.slug}`);
  const answers = staff.getByRole('table', { name: 'Answers of the annotators' });
  await expect(answers).toContainText('The second leaves a detail out.');
  await expect(answers).toContainText('Same event, same facts.');
  await staff.keyboard.press('f'); // forward, the workbench's key
  await expect(staff.getByRole('radio', { name: /Forward/ })).toBeChecked();
  await staff.keyboard.press('t');
  await staff.keyboard.type('A detail is missing from the second.');
  await staff.keyboard.press('Escape');
  await staff.keyboard.press('Enter');
  await expect(staff.getByText('No open pairs')).toBeVisible();
  expect((await finalLines(researcher, campaign.id))[0]).toEqual({ pairId, answers: { relation: 'forward' }, method: { relation: 'adjudicated' }, medianRule: {}, n: 2 });
  for (const p of [annotator, admin, staff]) await p.context().close();
});

test('a discussion-round revision keeps the first answer in the history', async ({ browser, baseURL, researcher }) => {
  const campaign = await newCampaign(researcher, { questions: ['relation', 'rationale'], members: ['annotator', 'admin'], size: 1, overlap: 2 });
  const annotator = await pageAs(browser, 'annotator', baseURL);
  const admin = await pageAs(browser, 'admin', baseURL);
  const pairId = await answerNext(annotator.request, campaign.id, { relation: 'negation', rationale: 'One denies the other.' });
  await answerNext(admin.request, campaign.id, { relation: 'equivalence', rationale: 'Both say the same, in other words.' });

  await annotator.goto(`/annotate/${campaign.slug}/discussion`);
  const card = annotator.getByTestId(`discussion-${pairId}`);
  await expect(card).toContainText('Both say the same, in other words.');
  await card.getByRole('radio', { name: /Equivalence/ }).check();
  await card.getByRole('textbox', { name: /Rationale/ }).fill('Convinced: they say the same.');
  await card.getByRole('button', { name: 'Revise my answer' }).click();
  await expect(annotator.getByText('No disagreements on the pairs you answered.')).toBeVisible();

  const mine = await annotator.request.get(`/api/v1/campaigns/${campaign.id}/annotations/mine`);
  const [stored] = ((await mine.json()) as { annotations: Array<{ version: number; answers: Record<string, unknown>; history: Array<{ version: number; answers: Record<string, unknown> }> }> }).annotations;
  expect(stored).toMatchObject({ version: 2, answers: { relation: 'equivalence' }, history: [{ version: 1, answers: { relation: 'negation', rationale: 'One denies the other.' } }] });
  expect((await finalLines(researcher, campaign.id))[0]).toMatchObject({ method: { relation: 'unanimous' } });
  for (const p of [annotator, admin]) await p.context().close();
});

test('API: gold pairs, adjudications and final labels with every method', async ({ browser, baseURL, researcher }) => {
  // four pairs, three answered: the spare pair drawn at random may be one of them, and then it becomes gold
  const campaign = await newCampaign(researcher, { questions: ['semantic', 'relation'], members: ['annotator', 'admin', 'researcher'], size: 4, overlap: 3 });
  const clients = { annotator: (await pageAs(browser, 'annotator', baseURL)).request, admin: (await pageAs(browser, 'admin', baseURL)).request, researcher };
  // gold: 403 for annotators, 404 outside the corpora, 400 naming the answers, 201 then 200
  const spare = await spareDemoPair(researcher);
  expect((await clients.annotator.post(`/api/v1/campaigns/${campaign.id}/gold`, { data: { pairId: spare, answers: { semantic: 1 }, explanation: 'x' } })).status()).toBe(403);
  expect((await researcher.post(`/api/v1/campaigns/${campaign.id}/gold`, { data: { pairId: 2147483000, answers: { semantic: 1 }, explanation: 'x' } })).status()).toBe(404);
  const bad = await researcher.post(`/api/v1/campaigns/${campaign.id}/gold`, { data: { pairId: spare, answers: { semantic: 7, colour: 'red' }, explanation: 'x' } });
  expect(bad.status()).toBe(400);
  const fields = ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields;
  expect(Object.keys(fields).sort()).toEqual(['answers.colour', 'answers.semantic']);
  expect((await researcher.post(`/api/v1/campaigns/${campaign.id}/gold`, { data: { pairId: spare, answers: { semantic: 1 }, explanation: 'x' } })).status()).toBe(201);
  expect((await researcher.post(`/api/v1/campaigns/${campaign.id}/gold`, { data: { pairId: spare, answers: { semantic: 2 }, explanation: 'y' } })).status()).toBe(200);

  // three pairs answered by three annotators: unanimous; median and majority; spread and tie
  const plan = [
    { annotator: { semantic: 4, relation: 'equivalence' }, admin: { semantic: 4, relation: 'equivalence' }, researcher: { semantic: 4, relation: 'equivalence' } },
    { annotator: { semantic: 3, relation: 'forward' }, admin: { semantic: 4, relation: 'forward' }, researcher: { semantic: 4, relation: 'equivalence' } },
    { annotator: { semantic: 0, relation: 'forward' }, admin: { semantic: 4, relation: 'reverse' }, researcher: { semantic: 2, relation: 'negation' } },
  ];
  const pairs: number[] = [];
  for (const step of plan) {
    for (const role of ['annotator', 'admin', 'researcher'] as const) {
      const pairId = await answerNext(clients[role], campaign.id, step[role]);
      if (role === 'annotator') pairs.push(pairId);
    }
  }
  let lines = await finalLines(researcher, campaign.id);
  const byPair = (id: number) => lines.find((l) => l.pairId === id);
  expect(lines.some((l) => l.pairId === spare)).toBe(false); // gold pairs apart
  expect(byPair(pairs[0]!)).toEqual({ pairId: pairs[0], answers: { semantic: 4, relation: 'equivalence' }, method: { semantic: 'unanimous', relation: 'unanimous' }, medianRule: {}, n: 3 });
  expect(byPair(pairs[1]!)).toEqual({ pairId: pairs[1], answers: { semantic: 4, relation: 'forward' }, method: { semantic: 'median', relation: 'majority' }, medianRule: {}, n: 3 });
  expect(byPair(pairs[2]!)).toEqual({ pairId: pairs[2], answers: {}, method: { semantic: 'spread', relation: 'tie' }, medianRule: {}, n: 3 });

  // adjudications: 404 for an annotator who is no adjudicator and for a gold pair, 400 naming the answer, 201
  expect((await clients.annotator.post(`/api/v1/campaigns/${campaign.id}/adjudications`, { data: { pairId: pairs[2], answers: { semantic: 2 } } })).status()).toBe(404);
  expect((await researcher.post(`/api/v1/campaigns/${campaign.id}/adjudications`, { data: { pairId: spare, answers: { semantic: 2 } } })).status()).toBe(404);
  expect((await researcher.post(`/api/v1/campaigns/${campaign.id}/adjudications`, { data: { pairId: pairs[2], answers: { relation: 'sideways' } } })).status()).toBe(400);
  const adjudicated = await researcher.post(`/api/v1/campaigns/${campaign.id}/adjudications`, { data: { pairId: pairs[2], answers: { semantic: 2, relation: 'forward' }, note: 'Read both twice.' } });
  expect(adjudicated.status(), await adjudicated.text()).toBe(201);
  lines = await finalLines(researcher, campaign.id);
  expect(byPair(pairs[2]!)).toEqual({ pairId: pairs[2], answers: { semantic: 2, relation: 'forward' }, method: { semantic: 'adjudicated', relation: 'adjudicated' }, medianRule: {}, n: 3 });
  expect((await clients.annotator.get(`/api/v1/campaigns/${campaign.id}/final`)).status()).toBe(403);
});

test('quality settings on the campaign page: a wider open spread turns a spread into a median, the tie rule picks its middle answer', async ({ browser, baseURL, researcher }) => {
  // Three sign-ins, answers, and four saves of the settings that each recompute the final labels: more than a minute with two workers.
  test.setTimeout(150_000);
  const campaign = await newCampaign(researcher, { questions: ['semantic'], members: ['annotator', 'admin'], size: 1, overlap: 2 });
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
  expect((await finalLines(researcher, campaign.id))[0]).toEqual({ pairId, answers: { semantic: 1 }, method: { semantic: 'median' }, medianRule: { semantic: 'lower' }, n: 2 });
  await staff.reload();
  await expect(staff.getByRole('table', { name: 'Final labels by method' })).toContainText('median, lower middle');

  // the tie rule: the upper middle answer, then left open as a tie
  await staff.getByText('Quality settings', { exact: true }).click();
  await form.getByLabel(/Likert and ordinal answers/).selectOption('upper');
  await form.getByRole('button', { name: 'Save quality settings' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved; final labels and accuracy recomputed.');
  expect((await finalLines(researcher, campaign.id))[0]).toEqual({ pairId, answers: { semantic: 3 }, method: { semantic: 'median' }, medianRule: { semantic: 'upper' }, n: 2 });
  await form.getByLabel(/Likert and ordinal answers/).selectOption('open');
  await form.getByRole('button', { name: 'Save quality settings' }).click();
  // the status still shows the last save's message: wait for the labels themselves
  await expect.poll(async () => (await finalLines(researcher, campaign.id))[0]).toEqual({ pairId, answers: {}, method: { semantic: 'tie' }, medianRule: {}, n: 2 });
  await staff.reload();
  await expect(staff.getByRole('table', { name: 'Final labels by method' })).toContainText('tie');
  await expect(staff.getByRole('link', { name: /Adjudication queue \(1 open\)/ })).toBeVisible();
  for (const p of [annotator, admin, staff]) await p.context().close();
});

test('study designs: a vote rule and the quality gate from the campaign page; the annotator who always disagrees is excluded and told so politely', async ({ browser, baseURL, researcher, createAccount }) => {
  test.setTimeout(180_000);
  const contrarian = await createAccount('annotator');
  const seed = (Date.now() + (counter += 1)) % 100_000;
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
      const res = await client.post(`/api/v1/campaigns/${campaign.id}/annotations`, { data: { submissionId: `e2e-design-${Date.now()}-${(counter += 1)}`, pairId, answers: { paraphraseLoose: truth.get(pairId) } } });
      expect(res.status(), await res.text()).toBe(201);
    }
  }
  // two answers of three agree: the rule can already tell (2 yes of 3 is yes whatever comes; 0 yes of 3 cannot reach 2)
  const before = await finalLines(researcher, campaign.id);
  expect(before.map((l) => [l.answers.paraphraseLoose, l.method.paraphraseLoose]).sort()).toEqual([[false, 'unanimous'], [false, 'unanimous'], [true, 'unanimous'], [true, 'unanimous']]);

  const context = await browser.newContext({ extraHTTPHeaders: { Origin: new URL(baseURL!).origin } });
  const page = await context.newPage();
  await signIn(page, contrarian.email, contrarian.password);
  await expect(page.getByTestId('current-role')).toBeVisible();
  for (let i = 0; i < 2; i++) {
    const next = await page.request.get(`/api/v1/campaigns/${campaign.id}/next`);
    expect(next.status()).toBe(200);
    const { pairId } = (await next.json()) as { pairId: number };
    const res = await page.request.post(`/api/v1/campaigns/${campaign.id}/annotations`, { data: { submissionId: `e2e-design-${Date.now()}-${(counter += 1)}`, pairId, answers: { paraphraseLoose: !truth.get(pairId) } } });
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
