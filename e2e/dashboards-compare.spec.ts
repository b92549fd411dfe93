/**
 * Label sets compared and distributions by label in Chromium on the demo data. Two campaigns over the
 * PAWS sample label the same twelve pairs (imported as one expert each); the comparison page's matrix
 * counts them and a count opens exactly its pairs. The distributions page shows the corpus's groups
 * with the numbers of pairs the API gives.
 */
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';

const DEMO_CORPUS = 'paws-wiki-demo-sample';

async function createCampaign(request: APIRequestContext, baseURL: string, name: string): Promise<{ id: number; slug: string }> {
  const res = await request.post('/api/v1/campaigns', {
    headers: { origin: baseURL },
    data: {
      name,
      corpora: [DEMO_CORPUS],
      sample: { strategy: 'all', seed: 1 },
      questions: ['paraphraseLoose'],
      status: 'active',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; slug: string };
}

async function label(
  request: APIRequestContext,
  baseURL: string,
  campaignId: number,
  pairs: ReadonlyArray<{ a: string; b: string }>,
  yes: (i: number) => boolean,
) {
  const content = pairs.map((p, i) => JSON.stringify({ a: p.a, b: p.b, who: 'expert', loose: yes(i) })).join('\n');
  const res = await request.post(`/api/v1/campaigns/${campaignId}/annotations/file`, {
    headers: { origin: baseURL },
    data: { format: 'jsonl', map: 'a=a,b=b,annotator=who,paraphraseLoose=loose', content },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a count of the confusion matrix opens exactly its pairs', async ({ page, loginAs, baseURL }) => {
  await loginAs('researcher');
  const stamp = `${Date.now()}`;
  const crowd = await createCampaign(page.request, baseURL!, `Compare crowd ${stamp}`);
  const experts = await createCampaign(page.request, baseURL!, `Compare experts ${stamp}`);
  const listed = await page.request.get(`/api/v1/pairs?campaign=${crowd.slug}&limit=12`);
  expect(listed.status(), await listed.text()).toBe(200);
  const pairs = ((await listed.json()) as { pairs: Array<{ id: number; a: string; b: string }> }).pairs;
  expect(pairs).toHaveLength(12);
  const crowdYes = (i: number) => i % 2 === 0;
  const expertYes = (i: number) => i % 3 === 0;
  await label(page.request, baseURL!, crowd.id, pairs, crowdYes);
  await label(page.request, baseURL!, experts.id, pairs, expertYes);
  const yesNo = pairs.filter((_, i) => crowdYes(i) && !expertYes(i)).map((p) => p.id);
  expect(yesNo).toHaveLength(4);

  await page.goto(`/dashboards/campaigns/${crowd.slug}`);
  await page.getByRole('link', { name: 'Compare labels' }).click();
  const form = page.getByRole('form', { name: 'What to compare' });
  await form.getByLabel('Against').selectOption(`campaign:${experts.id}:paraphraseLoose`);
  await form.getByRole('button', { name: 'Compare' }).click();
  await expect(page).toHaveURL(new RegExp(`with=campaign%3A${experts.id}%3AparaphraseLoose`));
  const matrix = page.getByRole('table', { name: 'Confusion matrix' });
  // i = 0..11: yes/yes 0, 6 · yes/no 2, 4, 8, 10 · no/yes 3, 9 · no/no 1, 5, 7, 11
  await expect(matrix.getByRole('link', { name: '2 pairs: yes here, yes there' })).toBeVisible();
  await expect(matrix.getByRole('link', { name: '2 pairs: no here, yes there' })).toBeVisible();
  await expect(matrix.getByRole('link', { name: '4 pairs: no here, no there' })).toBeVisible();
  await expect(page.getByLabel('Agreement figures')).toContainText('12');
  await matrix.getByRole('link', { name: '4 pairs: yes here, no there' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toContainText('yes here, no there');
  const ids = await page.getByRole('table', { name: 'Pairs in the cell' }).locator('tbody tr td:first-child').allTextContents();
  expect(ids.map((t) => Number(t.replace('#', '')))).toEqual(yesNo.sort((a, b) => a - b));
  await expect(page.getByText('4 pairs', { exact: false }).first()).toBeVisible();
});

test('the distributions page shows each group with its number of pairs, as the API does', async ({ page, loginAs }) => {
  await loginAs('researcher');
  const api = await page.request.get(`/api/v1/corpora/${DEMO_CORPUS}/distributions?by=reference`);
  expect(api.status(), await api.text()).toBe(200);
  const body = (await api.json()) as {
    groups: Array<{ group: string; pairs: number }>;
    measures: Array<{ measure: string; groups: Array<{ group: string; n: number; median: number }> }>;
  };
  expect(body.groups.map((g) => g.group)).toEqual(['yes', 'no']);

  await page.goto(`/corpora/${DEMO_CORPUS}`);
  await page.getByRole('link', { name: /distribution for paraphrases and non-paraphrases/ }).click();
  await expect(page).toHaveURL(/\/dashboards\/distributions\?corpus=paws-wiki-demo-sample&by=reference/);
  const groups = page.getByTestId('distribution-group');
  await expect(groups).toHaveText([
    `paraphrase: ${body.groups[0]!.pairs.toLocaleString('en')} pairs`,
    `not a paraphrase: ${body.groups[1]!.pairs.toLocaleString('en')} pairs`,
  ]);
  const bleu = body.measures.find((m) => m.measure === 'bleu')!;
  const table = page.getByRole('table', { name: 'BLEU by group' });
  await expect(table.getByRole('row', { name: /^paraphrase/ })).toContainText(bleu.groups[0]!.median.toFixed(3));
  await expect(page.getByRole('img', { name: 'BLEU: box plots by group' })).toBeVisible();
  await expect(
    page.getByRole('figure', { name: 'BLEU: histograms by group' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
});
