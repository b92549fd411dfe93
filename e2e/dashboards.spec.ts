/**
 * The dashboards in Chromium on seeded data: a campaign rated over the API by the three demo
 * accounts, whose agreement, ratings map and correlations are recomputed here by hand from the
 * answers sent; a corpus map checked against its API, a cell clicked through to its pairs, and
 * map downloads.
 */
import type { APIRequestContext } from '@playwright/test';
import { test, expect, demoEmail, type DemoRole } from './fixtures';
import { sessionFor } from './support/api-session';

const DEMO_CORPUS = 'paws-wiki-demo-sample';
const roles: DemoRole[] = ['annotator', 'researcher', 'admin'];

/** Each role's answers, from the pair id: the admin disagrees by one point on the semantic scale. */
function answersOf(role: DemoRole, pairId: number) {
  const semantic = role === 'admin' ? (pairId + 1) % 5 : pairId % 5;
  const syntactic = (pairId * 3 + (role === 'researcher' ? 1 : 0)) % 5;
  return {
    semantic,
    syntactic,
    paraphraseLoose: semantic >= 3,
    paraphraseStrict: semantic === 4,
    relation: semantic >= 3 ? 'equivalence' : 'exclusion',
  };
}

const median3 = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;

test('campaign dashboards: agreement, ratings map with a cell clicked through, correlations, relations', async ({
  browser,
  baseURL,
  page,
  loginAs,
}) => {
  // 18 answers over the API, every dashboard page, and the first bootstrap request starts the
  // server's compute worker (it loads the sources, several seconds): more than the default minute.
  test.setTimeout(150_000);
  const sessions = Object.fromEntries(
    await Promise.all(roles.map(async (r) => [r, await sessionFor(browser, baseURL!, r)] as const)),
  ) as Record<DemoRole, APIRequestContext>;
  const created = await sessions.researcher.post('/api/v1/campaigns', {
    data: {
      name: `E2E dashboards ${Date.now()}`,
      corpora: [DEMO_CORPUS],
      sample: { strategy: 'random', size: 6, seed: 11 },
      questions: ['semantic', 'syntactic', 'paraphraseLoose', 'paraphraseStrict', 'relation'],
      overlap: 3,
      goldEvery: 0,
      members: roles.map(demoEmail),
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as { id: number; slug: string };
  const pairIds = new Set<number>();
  for (const role of roles) {
    for (;;) {
      const next = await sessions[role].get(`/api/v1/campaigns/${campaign.id}/next`);
      if (next.status() === 204) break;
      const { pairId } = (await next.json()) as { pairId: number };
      pairIds.add(pairId);
      const res = await sessions[role].post(`/api/v1/campaigns/${campaign.id}/annotations`, {
        data: { submissionId: `e2e-dash-${campaign.id}-${role}-${pairId}`, pairId, answers: answersOf(role, pairId) },
      });
      expect(res.status(), await res.text()).toBe(201);
    }
  }
  const ids = [...pairIds];
  expect(ids).toHaveLength(6);

  // Fleiss' kappa of the loose label, by hand (3 ratings per pair).
  const yes = ids.map((id) => roles.filter((r) => answersOf(r, id).paraphraseLoose).length);
  const pBar = yes.reduce((s, k) => s + (k * (k - 1) + (3 - k) * (2 - k)) / 6, 0) / ids.length;
  const pYes = yes.reduce((a, b) => a + b, 0) / (3 * ids.length);
  const fleiss = (pBar - (pYes ** 2 + (1 - pYes) ** 2)) / (1 - (pYes ** 2 + (1 - pYes) ** 2));
  const api = (await (
    await sessions.researcher.get(`/api/v1/campaigns/${campaign.id}/agreement?bootstrap=200&seed=5`)
  ).json()) as {
    questions: Record<
      string,
      { fleissKappa: number | null; units: number; raters: number; ci95?: { krippendorffAlpha: [number, number] | null } }
    >;
  };
  expect(api.questions.paraphraseLoose!.units).toBe(6);
  expect(api.questions.paraphraseLoose!.raters).toBe(3);

  await loginAs('researcher');
  await page.goto(`/dashboards/campaigns/${campaign.slug}`);
  const table = page.getByRole('table', { name: 'Agreement by question' });
  const loose = table.locator('tr[data-question="paraphraseLoose"]');
  // The seeded draw (seed 11) gives both labels, so kappa is defined.
  expect(Number.isFinite(fleiss)).toBe(true);
  expect(api.questions.paraphraseLoose!.fleissKappa).toBeCloseTo(fleiss, 12);
  await expect(loose.locator('[data-coefficient="fleiss"]')).toContainText(fleiss.toFixed(3));
  await expect(loose).toContainText('(nominal)');
  await expect(table.locator('tr[data-question="semantic"]')).toContainText('(ordinal)');
  await expect(page.getByRole('table', { name: 'Bootstrap intervals' })).toBeVisible();

  // The ratings map: per pair the median of the three answers; click the fullest cell.
  const cells = new Map<string, number>();
  for (const id of ids) {
    const key = `${median3(roles.map((r) => answersOf(r, id).syntactic))},${median3(roles.map((r) => answersOf(r, id).semantic))}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  const [fullest, count] = [...cells.entries()].sort((a, b) => b[1] - a[1])[0]!;
  const apiMap = (await (await sessions.researcher.get(`/api/v1/campaigns/${campaign.id}/map?source=ratings`)).json()) as {
    cells: number[][];
    missing: number;
  };
  const [sx, sy] = fullest.split(',').map(Number) as [number, number];
  expect(apiMap.cells[sx]![sy]).toBe(count);
  expect(apiMap.missing).toBe(0);
  await page.getByRole('link', { name: 'Maps' }).click();
  const medianMap = page.getByRole('table', { name: /^Median ratings/ });
  const cell = medianMap.locator(`td[data-cell="${fullest}"]`);
  await expect(cell).toContainText(String(count));
  await cell.getByRole('link').click();
  await expect(page.getByRole('heading', { name: new RegExp(`syntactic rating ${sx}, semantic rating ${sy}`) })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pairs in the cell' }).locator('tbody tr')).toHaveCount(count);

  // Correlations: n is the six rated pairs; a malformed parameter is a 400 that says what is wrong.
  await page.goto(`/dashboards/campaigns/${campaign.slug}/correlations`);
  await expect(
    page.getByRole('table', { name: 'Syntactic measures × syntactic ratings' }).locator('tr[data-measure="syn"]'),
  ).toContainText('n 6');
  const bad = await sessions.researcher.get(`/api/v1/campaigns/${campaign.id}/correlations?aggregate=mode`);
  expect(bad.status()).toBe(400);
  expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields['query.aggregate']).toBeTruthy();

  // Any rating axis: human Δ (median semantic − median syntactic) by the picker, as the API gives
  // it; a question that is not ordered is a 400.
  const hd = await sessions.researcher.get(`/api/v1/campaigns/${campaign.id}/correlations?axis=human.delta&aggregate=median`);
  expect(hd.status(), await hd.text()).toBe(200);
  const hdBody = (await hd.json()) as {
    axes: Array<{ key: string }>;
    axis: { n: number; measures: Record<string, { n: number; pearson: number | null }> };
  };
  expect(hdBody.axes.map((a) => a.key)).toEqual(['semantic', 'syntactic', 'human.delta']);
  expect(hdBody.axis.n).toBe(6);
  await page.goto(`/dashboards/campaigns/${campaign.slug}/correlations?aggregate=median`);
  await page.getByRole('navigation', { name: 'Rating axis' }).getByRole('link', { name: 'human Δ' }).click();
  const deltaRow = page.getByRole('table', { name: /^Every measure × human Δ/ }).locator('tr[data-measure="delta"]');
  await expect(deltaRow).toContainText(`n ${hdBody.axis.measures.delta!.n}`);
  const r = hdBody.axis.measures.delta!.pearson;
  if (r !== null) await expect(deltaRow).toContainText(`r ${r.toFixed(2)}`);
  await expect(page.getByTestId('axis-note')).toContainText('6 pairs with a value on this axis');
  const nominal = await sessions.researcher.get(`/api/v1/campaigns/${campaign.id}/correlations?axis=paraphraseLoose`);
  expect(nominal.status()).toBe(400);
  expect(((await nominal.json()) as { error: { fields: Record<string, string> } }).error.fields['query.axis']).toContain(
    'not an ordered question',
  );

  await page.goto(`/dashboards/campaigns/${campaign.slug}/relations`);
  const relations = page.getByRole('table', { name: 'Relations by paraphrase label' });
  const equivalence = ids.flatMap((id) => roles.map((r) => answersOf(r, id))).filter((a) => a.relation === 'equivalence').length;
  await expect(relations.getByRole('row', { name: /Equivalence/ })).toContainText(String(equivalence));
  for (const s of Object.values(sessions)) await s.dispose();
});

test('corpus maps: numbers as the API gives them, a cell opens its pairs, downloads', async ({ page, loginAs }) => {
  await loginAs('researcher');
  const readMap = async () =>
    (await (await page.request.get(`/api/v1/corpora/${DEMO_CORPUS}/map`)).json()) as { cells: number[][]; missing: number };
  // The demo corpus's sem comes from the WordNet job that follows the first start: wait until every pair has it.
  await expect.poll(async () => (await readMap()).missing, { timeout: 90_000 }).toBe(0);
  const map = await readMap();
  expect(map.cells.flat().reduce((a, b) => a + b, 0)).toBe(300);
  await page.goto(`/dashboards/maps?corpus=${DEMO_CORPUS}`);
  const grid = page.getByRole('table', { name: 'PAWS-Wiki · demo sample' });
  let best: [number, number] = [0, 0];
  map.cells.forEach((row, x) => row.forEach((n, y) => (n > map.cells[best[0]]![best[1]]! ? (best = [x, y]) : undefined)));
  const n = map.cells[best[0]]![best[1]]!;
  await expect(grid.locator(`td[data-cell="${best[0]},${best[1]}"]`)).toContainText(String(n));

  const section = page.getByRole('region', { name: 'Map of PAWS-Wiki · demo sample' });
  for (const [button, suffix] of [
    ['SVG', '.svg'],
    ['CSV', '.csv'],
    ['PNG', '.png'],
  ] as const) {
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: button }).click();
    expect((await download).suggestedFilename()).toBe(`map-${DEMO_CORPUS}${suffix}`);
  }

  await grid.locator(`td[data-cell="${best[0]},${best[1]}"]`).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/dashboards/maps/cell\\?corpus=${DEMO_CORPUS}&cell=${best[0]},${best[1]}`));
  await expect(page.getByRole('link', { name: 'open in the explorer' })).toHaveAttribute(
    'href',
    `/explore?corpus=${DEMO_CORPUS}&cell=${best[0]},${best[1]}`,
  );
  await expect(page.getByRole('table', { name: 'Pairs in the cell' }).locator('tbody tr')).toHaveCount(Math.min(25, n));

  await page.goto('/dashboards');
  await expect(page.getByRole('table', { name: 'Corpus comparison' }).getByRole('row', { name: /PAWS-Wiki/ })).toContainText(
    '300',
  );
});
