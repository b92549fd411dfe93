/**
 * Label sets that share no value: a campaign's entailment relations against SICK's own NLI labels,
 * and its yes/no answers against them. Without a mapping the comparison is refused with the reason
 * (no κ = 0 by construction); with the preset (the six relations onto ENTAILMENT / NEUTRAL /
 * CONTRADICTION) or a mapping chosen on the page, the matrix and κ are computed on the mapped labels
 * and the mapping is shown beside them and returned by the API.
 */
import { test, expect } from './fixtures';
import { importCorpus, importLabels, sickFile, SICK_PAIRS } from './support/study';

test("a relation campaign against SICK's labels: refused without a mapping, compared through the preset and a chosen mapping", async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  await loginAs('researcher');
  const stamp = Date.now();
  const slug = await importCorpus(page, `E2E SICK labels ${stamp}`, 'SICK_trial.txt', sickFile(), 'sick');
  const created = await page.request.post('/api/v1/campaigns', {
    headers: { origin },
    data: {
      name: `E2E relations on SICK ${stamp}`,
      corpora: [slug],
      sample: { strategy: 'all', seed: 1 },
      questions: ['relation', 'paraphraseLoose'],
      overlap: 1,
      goldEvery: 0,
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as { id: number; slug: string };
  // one expert's answers: through the preset, every relation lands on SICK's own label
  const relations = ['forward', 'equivalence', 'exclusion', 'negation', 'intersection', 'reverse', 'forward', 'negation'];
  await importLabels(
    page.request,
    origin,
    campaign.id,
    SICK_PAIRS.map((p, i) => ({ a: p.a, b: p.b, who: 'expert', rel: relations[i], loose: p.label === 'ENTAILMENT' })),
    'a=a,b=b,annotator=who,relation=rel,paraphraseLoose=loose',
  );

  // The API refuses sets that share no value instead of answering κ = 0.
  const refused = await page.request.get(`/api/v1/campaigns/${campaign.id}/compare?question=relation&with=source`);
  expect(refused.status(), await refused.text()).toBe(400);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('share no value');

  const base = `/dashboards/campaigns/${campaign.slug}/compare`;
  await page.goto(`${base}?question=relation&with=source`);
  await expect(page.getByRole('heading', { name: 'These label sets share no value' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Confusion matrix' })).toHaveCount(0);
  await page.getByRole('link', { name: /six relations onto SICK/ }).click();
  const mapped = page.getByRole('table', { name: 'Labels mapped' });
  await expect(mapped.getByRole('row', { name: /Forward entailment.*ENTAILMENT/ })).toBeVisible();
  await expect(mapped.getByRole('row', { name: /Reverse entailment.*NEUTRAL/ })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Confusion matrix' })
      .getByRole('link', { name: '3 pairs: ENTAILMENT here, ENTAILMENT there' }),
  ).toBeVisible();
  await expect(page.getByLabel('Agreement figures')).toContainText('1.000');

  const api = await page.request.get(`/api/v1/campaigns/${campaign.id}/compare?question=relation&with=source&map=relations-nli`);
  expect(api.status(), await api.text()).toBe(200);
  const body = (await api.json()) as { n: number; kappa: number; mapping: { preset: string; mine: Record<string, string> } };
  expect(body.n).toBe(8);
  expect(body.kappa).toBeCloseTo(1, 9);
  expect(body.mapping.preset).toBe('relations-nli');
  expect(body.mapping.mine).toMatchObject({ forward: 'ENTAILMENT', reverse: 'NEUTRAL', negation: 'CONTRADICTION' });

  // Yes/no answers against the corpus's own label, which is not yes/no: refused, then mapped on the page.
  const yesNo = await page.request.get(`/api/v1/campaigns/${campaign.id}/compare?question=paraphraseLoose&with=source:label`);
  expect(yesNo.status(), await yesNo.text()).toBe(400);
  await page.goto(`${base}?question=paraphraseLoose&with=${encodeURIComponent('source:label')}`);
  await expect(page.getByRole('heading', { name: 'These label sets share no value' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Map the labels' });
  await form.getByLabel('ENTAILMENT').selectOption('yes');
  await form.getByLabel('NEUTRAL').selectOption('no');
  await form.getByLabel('CONTRADICTION').selectOption('no');
  await form.getByRole('button', { name: 'Compare with this mapping' }).click();
  await expect(page.getByRole('table', { name: 'Labels mapped' }).getByRole('row', { name: /NEUTRAL.*no/ })).toBeVisible();
  const matrix = page.getByRole('table', { name: 'Confusion matrix' });
  await expect(matrix.getByRole('link', { name: '3 pairs: yes here, yes there' })).toBeVisible();
  await expect(matrix.getByRole('link', { name: '5 pairs: no here, no there' })).toBeVisible();
});
