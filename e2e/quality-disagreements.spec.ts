/**
 * Annotation quality end to end, disagreements: one is adjudicated from the queue with the keyboard;
 * a discussion-round revision keeps the first answer in the history; and the API of gold pairs,
 * adjudications and final labels over HTTP, with every final method.
 */
import { expect, pageAs, test } from './workbench-helpers';
import { answerNext, finalLines, newCampaign, spareDemoPair } from './support/quality-campaigns';

test('a disagreement is adjudicated from the queue with the keyboard', async ({ browser, baseURL, researcher }) => {
  test.setTimeout(150_000); // three sign-ins and a decision that recomputes the final labels: over a minute on a busy machine
  const campaign = await newCampaign(researcher, {
    questions: ['relation', 'rationale'],
    members: ['annotator', 'admin'],
    size: 1,
    overlap: 2,
  });
  const annotator = await pageAs(browser, 'annotator', baseURL);
  const admin = await pageAs(browser, 'admin', baseURL);
  const pairId = await answerNext(annotator.request, campaign.id, {
    relation: 'forward',
    rationale: 'The second leaves a detail out.',
  });
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
  expect((await finalLines(researcher, campaign.id))[0]).toEqual({
    pairId,
    answers: { relation: 'forward' },
    method: { relation: 'adjudicated' },
    medianRule: {},
    n: 2,
  });
  for (const p of [annotator, admin, staff]) await p.context().close();
});

test('a discussion-round revision keeps the first answer in the history', async ({ browser, baseURL, researcher }) => {
  const campaign = await newCampaign(researcher, {
    questions: ['relation', 'rationale'],
    members: ['annotator', 'admin'],
    size: 1,
    overlap: 2,
  });
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
  const [stored] = (
    (await mine.json()) as {
      annotations: Array<{
        version: number;
        answers: Record<string, unknown>;
        history: Array<{ version: number; answers: Record<string, unknown> }>;
      }>;
    }
  ).annotations;
  expect(stored).toMatchObject({
    version: 2,
    answers: { relation: 'equivalence' },
    history: [{ version: 1, answers: { relation: 'negation', rationale: 'One denies the other.' } }],
  });
  expect((await finalLines(researcher, campaign.id))[0]).toMatchObject({ method: { relation: 'unanimous' } });
  for (const p of [annotator, admin]) await p.context().close();
});

test('API: gold pairs, adjudications and final labels with every method', async ({ browser, baseURL, researcher }) => {
  // four pairs, three answered: the spare pair drawn at random may be one of them, and then it becomes gold
  const campaign = await newCampaign(researcher, {
    questions: ['semantic', 'relation'],
    members: ['annotator', 'admin', 'researcher'],
    size: 4,
    overlap: 3,
  });
  const clients = {
    annotator: (await pageAs(browser, 'annotator', baseURL)).request,
    admin: (await pageAs(browser, 'admin', baseURL)).request,
    researcher,
  };
  // gold: 403 for annotators, 404 outside the corpora, 400 naming the answers, 201 then 200
  const spare = await spareDemoPair(researcher);
  expect(
    (
      await clients.annotator.post(`/api/v1/campaigns/${campaign.id}/gold`, {
        data: { pairId: spare, answers: { semantic: 1 }, explanation: 'x' },
      })
    ).status(),
  ).toBe(403);
  expect(
    (
      await researcher.post(`/api/v1/campaigns/${campaign.id}/gold`, {
        data: { pairId: 2147483000, answers: { semantic: 1 }, explanation: 'x' },
      })
    ).status(),
  ).toBe(404);
  const bad = await researcher.post(`/api/v1/campaigns/${campaign.id}/gold`, {
    data: { pairId: spare, answers: { semantic: 7, colour: 'red' }, explanation: 'x' },
  });
  expect(bad.status()).toBe(400);
  const fields = ((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields;
  expect(Object.keys(fields).sort()).toEqual(['answers.colour', 'answers.semantic']);
  expect(
    (
      await researcher.post(`/api/v1/campaigns/${campaign.id}/gold`, {
        data: { pairId: spare, answers: { semantic: 1 }, explanation: 'x' },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await researcher.post(`/api/v1/campaigns/${campaign.id}/gold`, {
        data: { pairId: spare, answers: { semantic: 2 }, explanation: 'y' },
      })
    ).status(),
  ).toBe(200);

  // three pairs answered by three annotators: unanimous; median and majority; spread and tie
  const plan = [
    {
      annotator: { semantic: 4, relation: 'equivalence' },
      admin: { semantic: 4, relation: 'equivalence' },
      researcher: { semantic: 4, relation: 'equivalence' },
    },
    {
      annotator: { semantic: 3, relation: 'forward' },
      admin: { semantic: 4, relation: 'forward' },
      researcher: { semantic: 4, relation: 'equivalence' },
    },
    {
      annotator: { semantic: 0, relation: 'forward' },
      admin: { semantic: 4, relation: 'reverse' },
      researcher: { semantic: 2, relation: 'negation' },
    },
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
  expect(byPair(pairs[0]!)).toEqual({
    pairId: pairs[0],
    answers: { semantic: 4, relation: 'equivalence' },
    method: { semantic: 'unanimous', relation: 'unanimous' },
    medianRule: {},
    n: 3,
  });
  expect(byPair(pairs[1]!)).toEqual({
    pairId: pairs[1],
    answers: { semantic: 4, relation: 'forward' },
    method: { semantic: 'median', relation: 'majority' },
    medianRule: {},
    n: 3,
  });
  expect(byPair(pairs[2]!)).toEqual({
    pairId: pairs[2],
    answers: {},
    method: { semantic: 'spread', relation: 'tie' },
    medianRule: {},
    n: 3,
  });

  // adjudications: 404 for an annotator who is no adjudicator and for a gold pair, 400 naming the answer, 201
  expect(
    (
      await clients.annotator.post(`/api/v1/campaigns/${campaign.id}/adjudications`, {
        data: { pairId: pairs[2], answers: { semantic: 2 } },
      })
    ).status(),
  ).toBe(404);
  expect(
    (
      await researcher.post(`/api/v1/campaigns/${campaign.id}/adjudications`, {
        data: { pairId: spare, answers: { semantic: 2 } },
      })
    ).status(),
  ).toBe(404);
  expect(
    (
      await researcher.post(`/api/v1/campaigns/${campaign.id}/adjudications`, {
        data: { pairId: pairs[2], answers: { relation: 'sideways' } },
      })
    ).status(),
  ).toBe(400);
  const adjudicated = await researcher.post(`/api/v1/campaigns/${campaign.id}/adjudications`, {
    data: { pairId: pairs[2], answers: { semantic: 2, relation: 'forward' }, note: 'Read both twice.' },
  });
  expect(adjudicated.status(), await adjudicated.text()).toBe(201);
  lines = await finalLines(researcher, campaign.id);
  expect(byPair(pairs[2]!)).toEqual({
    pairId: pairs[2],
    answers: { semantic: 2, relation: 'forward' },
    method: { semantic: 'adjudicated', relation: 'adjudicated' },
    medianRule: {},
    n: 3,
  });
  expect((await clients.annotator.get(`/api/v1/campaigns/${campaign.id}/final`)).status()).toBe(403);
});

test("an annotator's My campaigns card offers the discussion round when pairs wait for it", async ({
  browser,
  baseURL,
  researcher,
}) => {
  const campaign = await newCampaign(researcher, {
    questions: ['relation', 'rationale'],
    members: ['annotator', 'admin'],
    size: 1,
    overlap: 2,
  });
  const annotator = await pageAs(browser, 'annotator', baseURL);
  const admin = await pageAs(browser, 'admin', baseURL);
  const cardOf = () =>
    annotator.locator('article.card').filter({ has: annotator.locator(`h2 a[href="/annotate/${campaign.slug}"]`) });

  const pairId = await answerNext(annotator.request, campaign.id, { relation: 'negation', rationale: 'One denies the other.' });
  // one answer: nothing to discuss yet
  await annotator.goto('/annotate');
  await expect(cardOf()).toBeVisible();
  await expect(cardOf().getByRole('link', { name: /Discussion round/ })).toHaveCount(0);

  await answerNext(admin.request, campaign.id, { relation: 'equivalence', rationale: 'Both say the same.' });
  await annotator.goto('/annotate');
  const discuss = cardOf().getByRole('link', { name: /Discussion round/ });
  await expect(discuss).toBeVisible();
  await expect(cardOf()).toContainText('1 pair where the annotators disagree');
  await discuss.click();
  await expect(annotator).toHaveURL(new RegExp(`/annotate/${campaign.slug}/discussion$`));
  await expect(annotator.getByTestId(`discussion-${pairId}`)).toBeVisible();
  for (const p of [annotator, admin]) await p.context().close();
});
