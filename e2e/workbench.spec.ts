/**
 * The annotator's workbench end to end: keyboard-only annotation, two
 * annotators at once, the swapped display, and plain-text captions with safely rendered guidelines.
 * Every test makes its own campaign and checks what the server stored: one row per pair and
 * annotator, never more. The outbox (network drops, reloads, conflicts) is in workbench-outbox.spec.ts.
 */
import type { Page } from '@playwright/test';
import { demoEmail } from './fixtures';
import {
  createCampaign,
  expect,
  expectNoDuplicates,
  openWorkbench,
  pageAs,
  pairTexts,
  saveStatus,
  storedLines,
  test,
} from './workbench-helpers';

test('an annotator completes pairs with the keyboard alone, goes back and edits one', async ({ page, loginAs, researcher }) => {
  const nli = {
    key: 'nli',
    type: 'choice',
    label: 'NLI label',
    options: ['entailment', 'neutral', 'contradiction'],
    level: 'nominal',
  };
  const campaign = await createCampaign(researcher, {
    size: 3,
    questions: ['semantic', 'syntactic', 'paraphraseLoose', 'paraphraseStrict', 'relation', 'rationale', nli],
  });
  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);
  await expect(page.getByTestId('progress')).toHaveText('0 done · 3 to go');
  await expect(page.getByRole('complementary', { name: 'Guidelines' })).toBeVisible();

  for (let i = 0; i < 3; i++) {
    await expect(page.getByTestId('pair-text-1')).toBeVisible();
    await expect(page.getByRole('radio', { name: /unrelated/ })).toBeFocused();
    await page.keyboard.press('3'); // semantic
    await page.keyboard.press('2'); // syntactic
    await page.keyboard.press('y'); // loose
    await page.keyboard.press('n'); // strict
    await page.keyboard.press('i'); // relation: intersection
    await page.keyboard.press('2'); // nli: neutral
    await expect(page.getByRole('button', { name: /Submit/ })).toBeFocused();
    if (i === 0) {
      await page.keyboard.press('t');
      await expect(page.getByRole('textbox', { name: /Rationale/ })).toBeFocused();
      await page.keyboard.type('Each adds a detail.');
    }
    await page.keyboard.press('Enter');
    await expect(saveStatus(page)).toContainText('saved ✓ (version 1)');
  }
  await expect(page.getByTestId('workbench-message')).toContainText('Nothing left for you');

  await page.keyboard.press('[');
  await expect(page.getByTestId('history-banner')).toContainText('version 1');
  await expect(page.getByRole('radio', { name: /mostly the same meaning/ })).toBeChecked();
  await page.keyboard.press('4');
  await page.keyboard.press('Enter');
  await expect(saveStatus(page)).toContainText('Your edit: saved ✓ (version 2)');
  await expect(page.getByTestId('history-banner')).toContainText('version 2 (edited 1 time)');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('workbench-message')).toContainText('Nothing left for you');

  const lines = await storedLines(researcher, campaign.id);
  expect(lines).toHaveLength(3);
  expectNoDuplicates(lines);
  expect(lines.filter((l) => l.version === 2).map((l) => l.answers.semantic)).toEqual([4]);
  expect(
    lines.every((l) => l.answers.nli === 'neutral' && l.answers.paraphraseLoose === true && l.answers.paraphraseStrict === false),
  ).toBe(true);
  expect(lines.filter((l) => l.answers.rationale === 'Each adds a detail.')).toHaveLength(1);
});

test('two annotators at once never exceed the overlap', async ({ browser, baseURL, researcher }) => {
  const campaign = await createCampaign(researcher, {
    size: 4,
    overlap: 1,
    questions: ['semantic'],
    members: [demoEmail('annotator'), demoEmail('researcher')],
  });
  const pages = await Promise.all(
    (['annotator', 'researcher'] as const).map(async (role) => {
      const page = await pageAs(browser, role, baseURL);
      await openWorkbench(page, campaign.slug);
      return page;
    }),
  );
  const [a, b] = pages as [Page, Page];
  expect(await pairTexts(a)).not.toEqual(await pairTexts(b));
  const work = async (page: Page) => {
    const done = page.getByTestId('workbench-message').filter({ hasText: 'Nothing left' });
    for (;;) {
      // submitting takes the pair off the screen at once, so a visible pair is always a new one
      await expect(page.getByTestId('pair-text-1').or(done)).toBeVisible();
      if (await done.isVisible()) return;
      await page.keyboard.press('2');
      await page.keyboard.press('Enter');
      await expect(saveStatus(page)).toContainText('saved ✓');
    }
  };
  await Promise.all([work(a), work(b)]);

  const lines = await storedLines(researcher, campaign.id);
  expect(lines).toHaveLength(4);
  expect(new Set(lines.map((l) => l.pairId)).size).toBe(4);
  expect(new Set(lines.map((l) => l.annotator)).size).toBe(2);
  await Promise.all(pages.map((p) => p.context().close()));
});

test('a swapped display maps forward and reverse back to the stored order', async ({ page, loginAs, researcher }) => {
  const campaign = await createCampaign(researcher, { size: 10, questions: ['relation'], randomiseOrder: true });
  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);
  const shown: { texts: readonly [string, string]; given: 'forward' | 'reverse' }[] = [];
  for (let i = 0; i < 10; i++) {
    await expect(page.getByTestId('pair-text-1')).toBeVisible();
    const texts = await pairTexts(page);
    const given = i % 2 === 0 ? 'forward' : 'reverse';
    await page.keyboard.press(given === 'forward' ? 'f' : 'r');
    await page.keyboard.press('Enter');
    if (i < 9) await expect(page.getByTestId('progress')).toContainText(`${i + 1} done`);
    else await expect(page.getByTestId('workbench-message')).toContainText('Nothing left');
    shown.push({ texts, given });
  }
  const lines = await storedLines(researcher, campaign.id);
  const draw = `campaign ${campaign.id}, sample seed ${campaign.seed}`;
  expect(lines, draw).toHaveLength(10);
  const seen = { swapped: 0, inOrder: 0, sameTexts: 0 };
  for (const line of lines) {
    const pair = (await (await researcher.get(`/api/v1/pairs/${line.pairId}`)).json()) as {
      a: { content: string };
      b: { content: string };
    };
    const shownAs = shown.find(
      (s) =>
        (s.texts[0] === pair.a.content && s.texts[1] === pair.b.content) ||
        (s.texts[0] === pair.b.content && s.texts[1] === pair.a.content),
    );
    expect(shownAs, `pair ${line.pairId} was shown (${draw})`).toBeDefined();
    // a pair of one text twice (the demo sample has one) cannot tell its order from its texts, and is never swapped
    const order = pair.a.content === pair.b.content ? 'sameTexts' : shownAs!.texts[0] === pair.b.content ? 'swapped' : 'inOrder';
    seen[order] += 1;
    const expected = order === 'swapped' ? (shownAs!.given === 'forward' ? 'reverse' : 'forward') : shownAs!.given;
    expect(line.answers.relation, `pair ${line.pairId} (${order}; ${draw})`).toBe(expected);
  }
  expect(seen.swapped + seen.inOrder + seen.sameTexts, draw).toBe(10);
  // Which pairs are swapped depends on the campaign id (md5 of campaign, user and pair): all ten one way
  // happens about once in 500 runs. Every pair's mapping is checked above either way; the database
  // tests check both orders on campaigns chosen to have both (lib/db/testing/display-orders.ts).
  if (seen.swapped === 0 || seen.inOrder === 0)
    test.info().annotations.push({ type: 'note', description: `all pairs shown one way (${JSON.stringify(seen)}; ${draw})` });
});

test('caption markup shows as plain text and the guidelines render Markdown without raw HTML', async ({
  page,
  loginAs,
  researcher,
  baseURL,
}) => {
  const guidelines =
    '# House rules\n\nRead **both** texts. <img src="x" onerror="window.__pwned = 1"> <b>raw</b>\n\n[a trap](javascript:window.__pwned=2) and [the paper](https://example.org/paper)';
  const campaign = await createCampaign(researcher, { size: 1, questions: ['semantic'], guidelines });
  // captions may carry markup: make the server's pair carry some, as a mined caption could
  const markup = '<b>Bold</b> caption <img src="x" onerror="window.__pwned = 3"> <script>window.__pwned = 4</script>';
  await page.route('**/api/v1/campaigns/*/next', async (route) => {
    // Fetched again by Playwright, not the page: it names this site as the page's own fetch does (Sec-Fetch-Site).
    const response = await route.fetch({ headers: { ...route.request().headers(), origin: new URL(baseURL!).origin } });
    const pair = (await response.json()) as { texts: [string, string] };
    await route.fulfill({ response, json: { ...pair, texts: [markup, pair.texts[1]] } });
  });
  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);

  await expect(page.getByTestId('pair-text-1')).toHaveText(markup);
  await expect(page.getByTestId('pair-text-1').locator('b, img, script')).toHaveCount(0);
  const panel = page.getByRole('complementary', { name: 'Guidelines' });
  await expect(panel.getByRole('heading', { name: 'House rules' })).toBeVisible();
  await expect(panel.locator('strong')).toHaveText('both');
  await expect(panel.locator('img, b')).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'the paper' })).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await panel.getByText('a trap').getAttribute('href')).not.toMatch(/javascript/i);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('the workbench of a campaign the user does not annotate in is a 404 page', async ({
  page,
  loginAs,
  researcher,
  browser,
  baseURL,
}) => {
  const campaign = await createCampaign(researcher, { size: 1, questions: ['semantic'], members: [demoEmail('annotator')] });
  const outsider = await pageAs(browser, 'researcher', baseURL); // created it, but is not one of its annotators
  for (const path of [`/annotate/${campaign.slug}`, `/annotate/${campaign.id}`, '/annotate/no-such-campaign']) {
    const res = await outsider.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(outsider.getByRole('heading', { name: '404 · Not found' })).toBeVisible();
  }
  await outsider.context().close();
  await loginAs('annotator');
  expect((await page.goto(`/annotate/${campaign.id}`))?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: /E2E workbench/ })).toBeVisible();
});
