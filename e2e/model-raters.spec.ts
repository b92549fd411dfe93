/**
 * Models as raters through the browser, against OpenAI-compatible stand-ins this spec starts (no
 * model is downloaded or called): an admin adds an endpoint on /admin/model-endpoints (a bad URL
 * refused under its field, Test lists the server's models); with labels of three annotators brought
 * into the demo campaign, a researcher starts a run from the form (the model drop-down filled from
 * the server, the temperature rule said), watches it finish, opens the report, a confusion cell's
 * pairs and a pair's page; cancels and resumes a slow run from the campaign page; and the annotator's
 * workbench and discussion pages never carry the model's output (the stand-in's rationale "stand-in
 * reason …" is distinctive). With PARALENS_SCREENS set, the screens are saved there at 1280 and 390 px.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { setting } from '@/lib/config/settings';
import { startOpenAiStandIn, type OpenAiStandIn } from '@/lib/llm/testing/openai-stand-in';
import { DEFAULT_PROMPT_TEMPLATE } from '@/lib/model-raters/prompt';
import { test, expect, demoEmail } from './fixtures';
import { apiSession, DEMO_CAMPAIGN, standInEndpoint, waitForRun } from './support/model-raters';

test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now() % 1_000_000}`;
const endpointName = `e2e-judge-${stamp}`;
const slowName = `e2e-slow-${stamp}`;
const MODEL = 'e2e-judge-model';
const LABELLED = 12;
const MODEL_OUTPUT = 'stand-in reason';

let judge: OpenAiStandIn;
let slow: OpenAiStandIn | null = null;
let runId = 0;

/** Full-page screenshots at both widths when PARALENS_SCREENS names a folder (or only `target`). */
async function shoot(page: Page, name: string, target?: Locator) {
  const dir = setting('PARALENS_SCREENS');
  if (!dir) return;
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(400); // charts resize in a ResizeObserver callback
    const path = `${dir}/${name}-${viewport.width}.png`;
    if (target) await target.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Three annotators' labels for the first pairs of the demo campaign, brought in as a file (their final labels follow). */
async function labelDemoPairs(researcher: APIRequestContext) {
  const listed = await researcher.get(`/api/v1/pairs?campaign=${DEMO_CAMPAIGN}&limit=${LABELLED}`);
  expect(listed.status(), await listed.text()).toBe(200);
  const pairs = ((await listed.json()) as { pairs: Array<{ id: number; a: string; b: string }> }).pairs;
  expect(pairs).toHaveLength(LABELLED);
  const lines = pairs.flatMap((p, i) =>
    ['A', 'B', 'C'].map((who, j) =>
      JSON.stringify({
        a: p.a,
        b: p.b,
        who: `e2e-mr-${stamp}-${who}`,
        loose: j === 2 ? i % 3 === 0 : i % 2 === 0,
        sem: j === 2 ? Math.min(4, (i % 5) + 1) : i % 5,
        syn: j === 1 ? Math.min(4, ((i * 3) % 5) + 1) : (i * 3) % 5,
      }),
    ),
  );
  const res = await researcher.post(`/api/v1/campaigns/${DEMO_CAMPAIGN}/annotations/file`, {
    data: {
      format: 'jsonl',
      map: 'a=a,b=b,annotator=who,paraphraseLoose=loose,semantic=sem,syntactic=syn',
      content: lines.join('\n'),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test.beforeAll(async () => {
  judge = await startOpenAiStandIn({ models: [MODEL], latencyMs: 5 });
});

test.afterAll(async () => {
  await judge.close();
  await slow?.close();
});

test('an admin adds an endpoint on the admin page; a bad URL is refused under its field; Test lists the models', async ({
  page,
  loginAs,
}) => {
  await loginAs('admin');
  await page.goto('/admin/model-endpoints');
  const form = page.getByRole('form', { name: 'Add an endpoint' });
  await form.getByLabel('Name').fill(`${endpointName}-bad`);
  await form.getByLabel('URL', { exact: true }).fill('ftp://example.org');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByRole('alert')).toContainText('url');
  await expect(form.getByLabel('URL', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Name').fill(endpointName);
  await form.getByLabel('URL', { exact: true }).fill(judge.url); // without /v1: the server adds it
  await expect(form.getByLabel('Concurrency')).toHaveValue('1');
  await form.getByLabel('Concurrency').fill('2');
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByRole('status')).toHaveText(`Added ${endpointName}: requests go to ${judge.baseUrl}.`);
  const row = page.getByTestId(`endpoint-${endpointName}`);
  await expect(row).toContainText(judge.baseUrl);
  await expect(row).toContainText('none'); // no key
  await page.getByRole('button', { name: `Test ${endpointName}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${endpointName} lists one model` })).toContainText(MODEL);
  await shoot(page, 'endpoints');
});

test('a researcher starts a run from the form, watches it finish, and reads the report down to a pair', async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const researcher = await apiSession(baseURL!, demoEmail('researcher'));
  await labelDemoPairs(researcher);
  await researcher.dispose();

  await loginAs('researcher');
  await page.goto(`/campaigns/${DEMO_CAMPAIGN}`);
  await page.getByRole('link', { name: 'New model run' }).click();
  const form = page.getByRole('form', { name: 'New model run' });
  await form.getByLabel('Endpoint', { exact: true }).selectOption(endpointName);
  await expect(form.getByLabel('Model', { exact: true })).toHaveValue(MODEL); // filled from the server's list
  await form.getByLabel('Samples per pair').fill('3');
  await form.getByLabel('Temperature').fill('0');
  await expect(form.getByText('must be above 0 when each pair is asked 3 times')).toBeVisible();
  await form.getByLabel('Samples per pair').fill('1');
  await expect(form.getByText('must be above 0 when each pair is asked')).toHaveCount(0);
  await expect(form.getByLabel('User message')).toContainText('Text 1:');
  await expect(form.getByLabel('System message')).toContainText('# The questions');
  await form.getByLabel('Template').fill('{{text1}} {{nonsense}}');
  await expect(form.getByText('{{nonsense}} is not a placeholder')).toBeVisible();
  await form.getByLabel('Template').fill(DEFAULT_PROMPT_TEMPLATE);
  await expect(form.getByText('is not a placeholder')).toHaveCount(0);
  await form.getByRole('button', { name: 'Start the run' }).click();
  await expect(page).toHaveURL(/\/model-runs\/\d+$/);
  runId = Number(/model-runs\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByTestId('run-status')).toHaveText('finished', { timeout: 150_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`model:${MODEL}@prompt-v`);

  const settings = page.getByRole('form', { name: 'Report settings' });
  await settings.getByLabel('Question').selectOption('paraphraseLoose');
  await settings.getByRole('button', { name: 'Show the report' }).click();
  await expect(page).toHaveURL(/question=paraphraseLoose/);
  await expect(page.getByTestId('pairs-compared')).toContainText(
    `${LABELLED} pairs answered by the model and at least one annotator`,
  );
  await expect(page.getByRole('table', { name: 'Alt-test per annotator' }).getByRole('row')).toHaveCount(4);
  await expect(page.getByTestId('alt-test-verdict')).toBeVisible();
  await expect(page.getByRole('table', { name: 'The model against each annotator' }).getByRole('row')).toHaveCount(4);
  await shoot(page, 'report');
  await shoot(page, 'model-map', page.getByRole('table', { name: 'The model', exact: true }).locator('xpath=ancestor::div[1]'));

  const matrix = page.getByRole('table', { name: /the model against the final labels/ });
  const cell = matrix.getByRole('link').first();
  const n = Number(await cell.textContent());
  expect(n).toBeGreaterThan(0);
  await cell.click();
  await expect(page).toHaveURL(/\/pairs\?kind=final/);
  const pairs = page.getByRole('table', { name: 'Pairs in the cell' });
  await expect(pairs.locator('tbody tr')).toHaveCount(n);
  await pairs.locator('tbody tr').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/explore\/pairs\/\d+/);
  const section = page.getByRole('region', { name: 'Model raters' });
  await expect(section.getByRole('link', { name: `Run #${runId}: model:${MODEL}@prompt-v1` })).toBeVisible();
  await expect(section).toContainText(MODEL_OUTPUT);
});

test('a slow run is cancelled and resumed from the campaign page, and finishes without asking twice', async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await apiSession(baseURL!, demoEmail('admin'));
  slow = await standInEndpoint(admin, slowName, { models: [MODEL], latencyMs: 2_000 }, { concurrency: 1 });
  await admin.dispose();
  const researcher = await apiSession(baseURL!, demoEmail('researcher'));
  const started = await researcher.post(`/api/v1/campaigns/${DEMO_CAMPAIGN}/model-runs`, {
    data: { endpoint: slowName, model: MODEL, pairs: 'sample:20', questions: ['semantic', 'syntactic'] },
  });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: number };

  await loginAs('researcher');
  await page.goto(`/campaigns/${DEMO_CAMPAIGN}`);
  const row = page.getByTestId(`model-run-${id}`);
  await expect(row).toContainText('running', { timeout: 90_000 });
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect(row).toContainText(/per s/, { timeout: 30_000 });
  await page.goto(`/campaigns/${DEMO_CAMPAIGN}/model-runs/${id}`);
  await expect(page.getByTestId('run-status')).toHaveText('running');
  await shoot(page, 'run-in-progress');
  await page.goto(`/campaigns/${DEMO_CAMPAIGN}`);
  await row.getByRole('button', { name: `Cancel run #${id}` }).click();
  await expect(row).toContainText('cancelled', { timeout: 60_000 });
  const cancelled = await waitForRun(researcher, id, (r) => r.status === 'CANCELLED');
  expect(cancelled.requestsDone).toBeLessThan(20);

  await row.getByRole('button', { name: `Resume run #${id}` }).click();
  await expect(row).toContainText('finished', { timeout: 120_000 });
  const done = await waitForRun(researcher, id, (r) => r.status === 'SUCCEEDED');
  expect(done.requestsDone).toBe(20);
  // each pair asked once: what the cancelled session recorded was not asked again
  const asked = slow.stats.log.filter((e) => e.path.endsWith('/chat/completions') && e.status === 200);
  expect(asked.length).toBeGreaterThanOrEqual(20);
  expect(asked.length).toBeLessThanOrEqual(20 + 1); // at most the one in flight at the cancel, recorded by nobody
  await researcher.dispose();
});

test("the annotator's workbench and discussion pages never carry the model's output", async ({ page, loginAs }) => {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'document' || type === 'fetch' || type === 'xhr') bodies.push(response.text().catch(() => ''));
  });
  await loginAs('annotator');
  await page.goto(`/annotate/${DEMO_CAMPAIGN}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await expect(page.locator('body')).not.toContainText(MODEL_OUTPUT);
  await page.goto(`/annotate/${DEMO_CAMPAIGN}/discussion`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText(MODEL_OUTPUT);
  const texts = await Promise.all(bodies);
  expect(texts.length).toBeGreaterThan(2);
  for (const text of texts) {
    expect(text).not.toContain(MODEL_OUTPUT);
    expect(text).not.toContain(`model:${MODEL}`);
  }
  // the model's pages themselves are closed to annotators
  const run = await page.goto(`/campaigns/${DEMO_CAMPAIGN}/model-runs/${runId}`);
  expect(run?.status()).toBe(403);
});
