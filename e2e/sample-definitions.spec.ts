/**
 * A sample says what it was drawn on: the definition of every measure it used (sem's components,
 * the tokenizer) is recorded with the draw and shown on the campaign page; once the corpus's sem
 * changes, the page says so instead of promising that the seed draws the same pairs, and drawing
 * again with the recorded definition gives the same pairs.
 */
import { test, expect } from './fixtures';
import { importCorpus } from './support/study';

const PAWS_ROWS = [
  ['The bridge was built in 1907 over the river .', 'In 1907 the bridge over the river was built .', 1],
  ['A rabbit sits on an old Easter postcard .', 'An Easter card shows a rabbit sitting .', 1],
  ['Soldiers cleared the rubble after the raid .', 'Troops cleared rubble after the air raid .', 1],
  ['The river flows north through the valley .', 'The valley lies south of the river mouth .', 0],
  ['She moved to Paris in 1920 to study painting .', 'In 1920 she went to Paris to study art .', 1],
  ['The team won the cup in its first season .', 'The club lost the final in its last season .', 0],
  ['The church was rebuilt after the fire .', 'After the fire the church was built again .', 1],
  ['He wrote three novels about the sea .', 'The sea appears in none of his novels .', 0],
  ['The station opened to passengers in 1885 .', 'Passenger service at the station began in 1885 .', 1],
  ['The mayor announced a new park downtown .', 'A new downtown park was announced by the mayor .', 1],
  ['Wolves returned to the forest last winter .', 'The forest has had no wolves for a century .', 0],
  ['The museum holds a large coin collection .', 'A large collection of coins is in the museum .', 1],
];

test('a sample records its definitions; a changed sem is reported and the sample can be drawn again as drawn', async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL!).origin;
  await loginAs('researcher');
  const stamp = Date.now();
  const file = ['id\tsentence1\tsentence2\tlabel', ...PAWS_ROWS.map((r, i) => [i + 1, ...r].join('\t'))].join('\n') + '\n';
  const slug = await importCorpus(page, `E2E definitions ${stamp}`, 'dev.tsv', file, 'paws');
  await page.goto(`/corpora/${slug}`);
  await expect(page.getByTestId('semantic-axis')).toHaveText('WordNet (no paper measure)', { timeout: 60_000 });

  const created = await page.request.post('/api/v1/campaigns', {
    headers: { origin },
    data: {
      name: `E2E definitions ${stamp}`,
      corpora: [slug],
      sample: { strategy: 'stratified', measure: 'sem', bins: 3, perBin: 2, seed: 7 },
      questions: ['paraphraseLoose'],
      overlap: 1,
      goldEvery: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as { id: number; slug: string };
  const pairsOf = async (s: string) =>
    ((await (await page.request.get(`/api/v1/pairs?campaign=${s}&limit=50`)).json()) as { pairs: Array<{ id: number }> }).pairs
      .map((p) => p.id)
      .sort((a, b) => a - b);
  const drawn = await pairsOf(campaign.slug);

  await page.goto(`/campaigns/${campaign.slug}`);
  const sample = page.getByRole('region', { name: 'Sample' });
  const definitions = sample.getByRole('table', { name: 'Definitions the sample was drawn on' });
  await expect(definitions.getByRole('row', { name: /sem/ })).toContainText('mean of WordNet');
  await expect(definitions.getByRole('row', { name: /tokenizer/ })).toContainText('rouge-score');
  await expect(sample.getByTestId('definitions-changed')).toHaveCount(0);
  await expect(sample).toContainText('the same request with this seed draws the same pairs');

  // The corpus's sem changes: WordNet no longer forms it.
  await page.goto(`/corpora/${slug}`);
  const set = page.getByRole('form', { name: 'Semantic axis' });
  await set.getByRole('checkbox', { name: /WordNet/ }).uncheck();
  await set.getByRole('button', { name: 'Save and recompute' }).click();
  await expect(set).toContainText('sem and Δ recomputed');

  await page.goto(`/campaigns/${campaign.slug}`);
  const changed = sample.getByTestId('definitions-changed');
  await expect(changed).toContainText('sem');
  await expect(changed).toContainText('mean of WordNet');
  await expect(sample).not.toContainText('the same request with this seed draws the same pairs');

  await sample.getByRole('button', { name: 'Draw again as it was drawn' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('(drawn again)');
  const again = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
  expect(again).not.toBe(campaign.slug);
  expect(await pairsOf(again)).toEqual(drawn);
  await expect(page.getByRole('region', { name: 'Sample' })).toContainText('Drawn with the definitions recorded by');
});
