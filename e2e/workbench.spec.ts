/**
 * The annotator's workbench end to end (issue 8, "Done when"): keyboard-only annotation, a network
 * drop in the middle of a submission, a reload with queued answers, two annotators at once, the
 * swapped display, and a stale edit. Every test makes its own campaign through POST
 * /api/v1/campaigns as the researcher and checks what the server stored through the researcher's
 * JSON Lines export: one row per pair and annotator, never more.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, signIn, demoEmail, demoPassword, type DemoRole } from './fixtures';

const DEMO_CORPUS = 'paws-wiki-demo-sample';

interface Line {
  pairId: number;
  annotator: string;
  submissionId: string;
  version: number;
  answers: Record<string, unknown>;
}

/** A signed-in browser context for API calls as a demo user. */
/** Cookie-authenticated writes must name this site as their Origin, as the workbench's own fetch does. */
const sameSite = (baseURL: string | undefined) => ({ Origin: new URL(baseURL!).origin });

async function apiAs(browser: Browser, role: DemoRole, baseURL: string | undefined): Promise<APIRequestContext> {
  const context = await browser.newContext({ extraHTTPHeaders: sameSite(baseURL) });
  const page = await context.newPage();
  await signIn(page, demoEmail(role), demoPassword);
  await expect(page.getByTestId('current-role')).toBeVisible();
  return context.request;
}

async function createCampaign(
  researcher: APIRequestContext,
  spec: {
    size: number;
    questions: unknown[];
    overlap?: number;
    randomiseOrder?: boolean;
    members?: string[];
    guidelines?: string;
  },
) {
  const res = await researcher.post('/api/v1/campaigns', {
    data: {
      name: `E2E workbench ${Date.now()} ${Math.random().toString(36).slice(2, 7)}`,
      corpora: [DEMO_CORPUS],
      sample: { strategy: 'random', size: spec.size, seed: Date.now() % 100_000 },
      questions: spec.questions,
      overlap: spec.overlap ?? 1,
      goldEvery: 0,
      randomiseOrder: spec.randomiseOrder ?? true,
      members: spec.members ?? [demoEmail('annotator')],
      guidelines: spec.guidelines,
      status: 'active',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; slug: string; items: number };
}

async function storedLines(researcher: APIRequestContext, campaignId: number): Promise<Line[]> {
  const res = await researcher.get(`/api/v1/campaigns/${campaignId}/annotations`);
  expect(res.status()).toBe(200);
  return (await res.text())
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Line);
}

/** One row per pair and annotator: no duplicates. */
function expectNoDuplicates(lines: Line[]) {
  const keys = lines.map((l) => `${l.pairId}/${l.annotator}`);
  expect(new Set(keys).size).toBe(keys.length);
}

const pairTexts = async (page: Page) =>
  [await page.getByTestId('pair-text-1').innerText(), await page.getByTestId('pair-text-2').innerText()] as const;
const saveStatus = (page: Page) => page.getByTestId('save-status');

/** Opens a campaign's workbench and waits until the first pair and its questions are there. */
async function openWorkbench(page: Page, slug: string) {
  await page.goto(`/annotate/${slug}`);
  await expect(page.getByTestId('pair-text-1')).toBeVisible();
  await expect(page.locator('#workbench-form input').first()).toBeFocused();
}

test('an annotator completes pairs with the keyboard alone, goes back and edits one', async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  const researcher = await apiAs(browser, 'researcher', baseURL);
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

test('a network drop in the middle of a submission loses nothing and stores it once', async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  const researcher = await apiAs(browser, 'researcher', baseURL);
  const campaign = await createCampaign(researcher, { size: 2, questions: ['semantic'] });
  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);

  // the first POST reaches the server and is stored, but its answer never arrives; the next ones fail outright
  let posts = 0;
  let firstStatus = 0;
  await page.route('**/api/v1/campaigns/*/annotations', async (route) => {
    posts += 1;
    if (posts === 1) {
      firstStatus = (await route.fetch()).status();
      return route.abort('connectionreset');
    }
    return route.abort('internetdisconnected');
  });
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  await expect(saveStatus(page)).toContainText('waiting to be sent');
  await expect(page.getByTestId('outbox-entry')).toHaveCount(1);
  await expect(page.getByTestId('outbox-indicator')).toContainText('1 answer waits to be sent');
  await expect.poll(() => posts).toBeGreaterThanOrEqual(2);

  expect(firstStatus, 'the server stored the first attempt').toBe(201);

  const retried = page.waitForResponse((r) => r.url().endsWith('/annotations') && r.request().method() === 'POST', {
    timeout: 15_000,
  });
  await page.unroute('**/api/v1/campaigns/*/annotations');
  expect((await retried).status(), 'the retry found the stored answer').toBe(200);
  await expect(saveStatus(page)).toContainText('saved ✓ (version 1)');
  await expect(page.getByTestId('outbox-entry')).toHaveCount(0);
  await expect(page.getByTestId('outbox-indicator')).toContainText('All answers saved');
  await expect(page.getByTestId('progress')).toHaveText('1 done · 1 to go');

  const lines = await storedLines(researcher, campaign.id);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ version: 1, answers: { semantic: 2 } });
});

test('answers queued while offline survive a reload and are sent once the server is back', async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  const researcher = await apiAs(browser, 'researcher', baseURL);
  const campaign = await createCampaign(researcher, { size: 3, questions: ['semantic', 'paraphraseLoose'] });
  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);
  await page.keyboard.press('1');
  await page.keyboard.press('n');
  await page.keyboard.press('Enter');
  await expect(saveStatus(page)).toContainText('saved ✓');
  await expect(page.getByTestId('progress')).toHaveText('1 done · 2 to go');
  const second = await pairTexts(page);

  // the first answer is edited and the second pair answered while no submission gets through
  await page.keyboard.press('[');
  await expect(page.getByTestId('history-banner')).toContainText('version 1');
  await page.route('**/api/v1/campaigns/*/annotations', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.keyboard.press('4');
  await page.keyboard.press('Enter');
  await expect(saveStatus(page)).toContainText('Your edit: waiting to be sent');
  await page.keyboard.press('Escape');
  expect(await pairTexts(page)).toEqual(second);
  await page.keyboard.press('3');
  await page.keyboard.press('y');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('outbox-entry')).toHaveCount(2);
  await expect(page.getByTestId('workbench-message')).toContainText('Saving your answer');

  await page.reload();
  await expect(page.getByTestId('outbox-entry')).toHaveCount(2);
  await expect(page.getByTestId('outbox-indicator')).toContainText('2 answers wait to be sent');
  await page.unroute('**/api/v1/campaigns/*/annotations');
  await expect(page.getByTestId('outbox-indicator')).toContainText('All answers saved', { timeout: 20_000 });
  await expect(page.getByTestId('progress')).toHaveText('2 done · 1 to go');
  expect(await pairTexts(page)).not.toEqual(second);

  const lines = await storedLines(researcher, campaign.id);
  expect(lines).toHaveLength(2);
  expectNoDuplicates(lines);
  expect(lines.map((l) => [l.version, l.answers.semantic, l.answers.paraphraseLoose]).sort()).toEqual([
    [1, 3, true],
    [2, 4, false],
  ]);
});

test('two annotators at once never exceed the overlap', async ({ browser, baseURL }) => {
  const researcher = await apiAs(browser, 'researcher', baseURL);
  const campaign = await createCampaign(researcher, {
    size: 4,
    overlap: 1,
    questions: ['semantic'],
    members: [demoEmail('annotator'), demoEmail('researcher')],
  });
  const pages = await Promise.all(
    (['annotator', 'researcher'] as const).map(async (role) => {
      const page = await (await browser.newContext({ extraHTTPHeaders: sameSite(baseURL) })).newPage();
      await signIn(page, demoEmail(role), demoPassword);
      await expect(page.getByTestId('current-role')).toBeVisible();
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
});

test('a swapped display maps forward and reverse back to the stored order', async ({ page, loginAs, browser, baseURL }) => {
  const researcher = await apiAs(browser, 'researcher', baseURL);
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
  expect(lines).toHaveLength(10);
  let swapped = 0;
  for (const line of lines) {
    const pair = (await (await researcher.get(`/api/v1/pairs/${line.pairId}`)).json()) as {
      a: { content: string };
      b: { content: string };
    };
    const seen = shown.find(
      (s) =>
        (s.texts[0] === pair.a.content && s.texts[1] === pair.b.content) ||
        (s.texts[0] === pair.b.content && s.texts[1] === pair.a.content),
    );
    expect(seen, `pair ${line.pairId} was shown`).toBeDefined();
    const wasSwapped = seen!.texts[0] === pair.b.content;
    if (wasSwapped) swapped += 1;
    const expected = wasSwapped ? (seen!.given === 'forward' ? 'reverse' : 'forward') : seen!.given;
    expect(line.answers.relation, `pair ${line.pairId} (${wasSwapped ? 'swapped' : 'in order'})`).toBe(expected);
  }
  expect(swapped, 'some pairs were shown swapped').toBeGreaterThan(0);
  expect(swapped, 'some pairs were shown in order').toBeLessThan(10);
});

test('an edit based on a stale version gets the conflict message and can keep its answers', async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  const researcher = await apiAs(browser, 'researcher', baseURL);
  const campaign = await createCampaign(researcher, { size: 2, questions: ['semantic'] });
  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await expect(saveStatus(page)).toContainText('saved ✓ (version 1)');
  await page.keyboard.press('[');
  await expect(page.getByTestId('history-banner')).toContainText('version 1');

  // meanwhile the same answer is edited elsewhere (another tab, a script with the same account)
  const [mine] = (
    (await (await page.request.get(`/api/v1/campaigns/${campaign.id}/annotations/mine`)).json()) as {
      annotations: { pairId: number }[];
    }
  ).annotations;
  const elsewhere = await page.request.post(`/api/v1/campaigns/${campaign.id}/annotations`, {
    data: { submissionId: `elsewhere-${Date.now()}`, pairId: mine!.pairId, answers: { semantic: 0 }, baseVersion: 1 },
    headers: sameSite(baseURL),
  });
  expect(elsewhere.status()).toBe(200);

  await page.keyboard.press('3');
  await page.keyboard.press('Enter');
  const conflict = page.getByTestId('conflict');
  await expect(conflict).toContainText('changed elsewhere (now version 2)');
  await expect(conflict).toContainText('0 (unrelated: no shared meaning)');
  await expect(saveStatus(page)).toContainText('not saved');
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(saveStatus(page)).toContainText('Your edit: saved ✓ (version 3)');
  await expect(page.getByTestId('conflict')).toHaveCount(0);

  const lines = await storedLines(researcher, campaign.id);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ version: 3, answers: { semantic: 3 } });
});

test('caption markup shows as plain text and the guidelines render Markdown without raw HTML', async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  const researcher = await apiAs(browser, 'researcher', baseURL);
  const guidelines =
    '# House rules\n\nRead **both** texts. <img src="x" onerror="window.__pwned = 1"> <b>raw</b>\n\n[a trap](javascript:window.__pwned=2) and [the paper](https://example.org/paper)';
  const campaign = await createCampaign(researcher, { size: 1, questions: ['semantic'], guidelines });
  // captions may carry markup: make the server's pair carry some, as a mined caption could
  const markup = '<b>Bold</b> caption <img src="x" onerror="window.__pwned = 3"> <script>window.__pwned = 4</script>';
  await page.route('**/api/v1/campaigns/*/next', async (route) => {
    const response = await route.fetch();
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
