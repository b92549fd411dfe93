/**
 * Adjudication with the workbench's parts: three open pairs decided with the keyboard
 * alone. Two annotators disagree on every pair over the API (Likert answers four points apart, a
 * two-way tie on the relation); the researcher opens the queue, reads every answer and rationale
 * beside each question, answers with the workbench's keys, writes a note with `t`, pages with `]`
 * and `[`, and saves with Enter. The final labels are read back from the API.
 */
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoEmail } from './fixtures';
import { expect, pageAs, test } from './workbench-helpers';
import { setting } from '../lib/config/settings';

async function answerNext(
  client: APIRequestContext,
  campaignId: number,
  answers: Record<string, unknown>,
  tag: string,
): Promise<number> {
  const next = await client.get(`/api/v1/campaigns/${campaignId}/next`);
  expect(next.status()).toBe(200);
  const { pairId } = (await next.json()) as { pairId: number };
  const res = await client.post(`/api/v1/campaigns/${campaignId}/annotations`, {
    data: { submissionId: `e2e-adjudication-${tag}-${Date.now()}`, pairId, answers },
  });
  expect(res.status(), await res.text()).toBe(201);
  return pairId;
}

async function newCampaign(researcher: APIRequestContext, size: number) {
  const created = await researcher.post('/api/v1/campaigns', {
    data: {
      name: `E2E adjudication ${Date.now()} ${Math.random().toString(36).slice(2, 7)}`,
      corpora: ['paws-wiki-demo-sample'],
      sample: { strategy: 'random', size, seed: Date.now() % 100_000 },
      questions: ['semantic', 'relation', 'rationale'],
      overlap: 2,
      goldEvery: 0,
      randomiseOrder: false,
      members: [demoEmail('annotator'), demoEmail('admin')],
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; slug: string };
}

/** The two text panels: side by side and at least `min` px wide, or stacked when `stacked`. */
async function expectTexts(page: Page, min: number, stacked: boolean) {
  const boxes = await Promise.all(['pair-text-1', 'pair-text-2'].map((id) => page.getByTestId(id).boundingBox()));
  const [a, b] = boxes.map((x) => x!);
  for (const x of [a!, b!]) expect(x.width, 'text column width').toBeGreaterThanOrEqual(min);
  if (stacked) expect(b!.y).toBeGreaterThan(a!.y + a!.height);
  else expect(b!.y).toBe(a!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

async function saveScreen(page: Page, name: string) {
  const dir = setting('PARALENS_SCREENS');
  if (dir) await page.screenshot({ path: path.join(dir, name), fullPage: true });
}

test('three open pairs are adjudicated with the keyboard alone', async ({ browser, baseURL, researcher }) => {
  // four sign-ins, six answers and three decisions that each recompute the final labels: 48 s alone on a busy machine
  test.setTimeout(150_000);
  const campaign = await newCampaign(researcher, 3);
  const annotator = await pageAs(browser, 'annotator', baseURL);
  const admin = await pageAs(browser, 'admin', baseURL);
  const pairs: number[] = [];
  for (let i = 0; i < 3; i++) {
    pairs.push(
      await answerNext(
        annotator.request,
        campaign.id,
        { semantic: 0, relation: 'forward', rationale: `Only the first says it (${i}).` },
        `a${i}`,
      ),
    );
    await answerNext(
      admin.request,
      campaign.id,
      { semantic: 4, relation: 'equivalence', rationale: `Same facts (${i}).` },
      `b${i}`,
    );
  }
  expect(new Set(pairs).size).toBe(3);

  const staff = await pageAs(browser, 'researcher', baseURL);
  await staff.setViewportSize({ width: 1280, height: 800 });
  await staff.goto(`/adjudicate/${campaign.slug}`);
  await expectTexts(staff, 300, false);
  await saveScreen(staff, 'adjudicate-1280.png');
  const current = staff.locator('[data-testid^="adjudication-"]');
  // the adjudicator may highlight what the texts share (the workbench never offers it)
  await expect(staff.getByLabel('Highlight what the texts share')).toBeVisible();
  const decided: number[] = [];
  for (let i = 0; i < 3; i++) {
    await expect(current).toBeVisible();
    const pairId = Number((await current.getAttribute('data-testid'))!.replace('adjudication-', ''));
    expect(decided).not.toContain(pairId);
    // every annotator's answer and rationale beside the question
    const relation = staff.getByRole('table', { name: 'Answers of the annotators (Entailment relation)' });
    await expect(relation).toContainText(/equivalence/i);
    await expect(relation).toContainText('Only the first says it');
    await expect(relation).toContainText('Same facts');
    await expect(staff.getByRole('radio', { name: /unrelated/ })).toBeFocused();
    if (i === 0) {
      // ] and [ page through the queue without deciding anything
      await staff.keyboard.press(']');
      await expect(current).not.toHaveAttribute('data-testid', `adjudication-${pairId}`);
      await staff.keyboard.press('[');
      await expect(current).toHaveAttribute('data-testid', `adjudication-${pairId}`);
    }
    await staff.keyboard.press('2'); // semantic
    await expect(staff.getByRole('radio', { name: /some important information/ })).toBeChecked();
    await staff.keyboard.press('f'); // relation: forward
    await expect(staff.getByRole('radio', { name: /Forward entailment/ })).toBeChecked();
    if (i === 1) {
      await staff.keyboard.press('t');
      await expect(staff.getByRole('textbox', { name: /Note/ })).toBeFocused();
      await staff.keyboard.type('Text 2 leaves a detail out.');
      await staff.keyboard.press('Escape');
    }
    await staff.keyboard.press('Enter');
    await expect(staff.getByRole('status').filter({ hasText: `Pair ${pairId} adjudicated.` })).toBeVisible();
    decided.push(pairId);
    if (i < 2) await expect(current).not.toHaveAttribute('data-testid', `adjudication-${pairId}`);
  }
  await expect(staff.getByText('No open pairs')).toBeVisible();
  expect([...decided].sort()).toEqual([...pairs].sort());

  const final = await researcher.get(`/api/v1/campaigns/${campaign.id}/final`);
  expect(final.status()).toBe(200);
  const lines = (await final.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { pairId: number; answers: Record<string, unknown>; method: Record<string, string> });
  expect(lines).toHaveLength(3);
  for (const line of lines)
    expect(line).toMatchObject({
      answers: { semantic: 2, relation: 'forward' },
      method: { semantic: 'adjudicated', relation: 'adjudicated' },
    });
  for (const p of [annotator, admin, staff]) await p.context().close();
});

test('the adjudication queue on a phone and the discussion round use the workbench text panels', async ({
  browser,
  baseURL,
  researcher,
}) => {
  test.setTimeout(150_000); // four sign-ins and a revision that recomputes the final labels: 39 s alone on a busy machine
  const campaign = await newCampaign(researcher, 1);
  const annotator = await pageAs(browser, 'annotator', baseURL);
  const admin = await pageAs(browser, 'admin', baseURL);
  await answerNext(
    annotator.request,
    campaign.id,
    { semantic: 0, relation: 'forward', rationale: 'Only the first says where.' },
    'a',
  );
  await answerNext(admin.request, campaign.id, { semantic: 4, relation: 'equivalence', rationale: 'Same facts.' }, 'b');

  const staff = await pageAs(browser, 'researcher', baseURL);
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.goto(`/adjudicate/${campaign.slug}`);
  await expect(staff.getByRole('radio', { name: /unrelated/ })).toBeFocused();
  await expectTexts(staff, 300, true);
  await saveScreen(staff, 'adjudicate-390.png');

  await annotator.setViewportSize({ width: 1280, height: 800 });
  await annotator.goto(`/annotate/${campaign.slug}/discussion`);
  await expect(annotator.getByRole('table', { name: /Answers of the annotators \(Semantic/ })).toContainText('Same facts.');
  await expect(annotator.getByRole('radio', { name: /unrelated/ })).toBeChecked();
  await expectTexts(annotator, 300, false);
  await saveScreen(annotator, 'discussion-1280.png');
  await annotator.setViewportSize({ width: 390, height: 844 });
  await expectTexts(annotator, 300, true);
  await saveScreen(annotator, 'discussion-390.png');
  await annotator.setViewportSize({ width: 1280, height: 800 });
  // the keys are the workbench's: 3, then Enter revises
  await annotator.keyboard.press('3');
  await annotator.keyboard.press('Enter');
  await expect(annotator.getByRole('status').filter({ hasText: 'Revised (version 2)' })).toBeVisible();
  for (const p of [annotator, admin, staff]) await p.context().close();
});
