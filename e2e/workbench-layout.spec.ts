/**
 * The workbench fits a laptop screen and a phone, checked by geometry, not pixels. The
 * texts on screen are replaced by the demo corpus's longest sentence before measuring, so the check
 * holds for every pair the random sample can draw (the layout is measured for the worst case).
 * With PARALENS_SCREENS set, the screens are also saved there as PNG files to look at.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createCampaign, expect, openWorkbench, test } from './workbench-helpers';
import { setting } from '../lib/config/settings';

const ALL_QUESTIONS = [
  'semantic',
  'syntactic',
  'paraphraseLoose',
  'paraphraseStrict',
  'relation',
  'rationale',
  { key: 'nli', type: 'choice', label: 'NLI label', options: ['entailment', 'neutral', 'contradiction'], level: 'nominal' },
];

/** The longest text of the demo corpus (the sample is random: the layout must hold for any of its pairs). */
function longestDemoText(): string {
  const rows = readFileSync(path.join(process.cwd(), 'prisma', 'demo', 'paws-wiki-dev-sample.tsv'), 'utf8')
    .split('\n')
    .slice(1);
  return rows.flatMap((r) => r.split('\t').slice(1, 3)).reduce((a, b) => (b.length > a.length ? b : a), '');
}

async function useLongestTexts(page: Page) {
  const text = longestDemoText();
  expect(text.length).toBeGreaterThan(150);
  await page.evaluate((t) => {
    for (const el of document.querySelectorAll('[data-testid^="pair-text-"]')) el.textContent = t;
  }, text);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, String(locator)).not.toBeNull();
  return b!;
}

async function expectInViewport(page: Page, locator: Locator) {
  const { width, height } = page.viewportSize()!;
  const b = await box(locator);
  expect(b.y, `${String(locator)} top`).toBeGreaterThanOrEqual(0);
  expect(b.x, `${String(locator)} left`).toBeGreaterThanOrEqual(0);
  expect(b.y + b.height, `${String(locator)} bottom`).toBeLessThanOrEqual(height);
  expect(b.x + b.width, `${String(locator)} right`).toBeLessThanOrEqual(width);
}

async function saveScreen(page: Page, name: string) {
  const dir = setting('PARALENS_SCREENS');
  if (dir) await page.screenshot({ path: path.join(dir, name) });
}

/** Words (split at spaces and hyphens) of the visible text under `root` that the layout broke across two lines. */
function brokenWords(page: Page, root: string) {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s\-–]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, root);
}

test('at 1280×800 both texts, the active question and Submit are on screen, and a Likert scale is one row', async ({
  page,
  loginAs,
  researcher,
}) => {
  const campaign = await createCampaign(researcher, { size: 1, questions: ALL_QUESTIONS });
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);
  await expect(page.getByRole('complementary', { name: 'Guidelines' })).toBeVisible();
  await useLongestTexts(page);

  const form = page.locator('#workbench-form');
  const submit = page.getByRole('button', { name: /Submit/ });
  const questions = form.locator('[data-question-index]');
  await expect(questions).toHaveCount(ALL_QUESTIONS.length);
  // never offered here: highlighting shared words would steer the syntactic rating
  await expect(page.getByLabel('Highlight what the texts share')).toHaveCount(0);
  for (const testId of ['pair-text-1', 'pair-text-2']) {
    await expectInViewport(page, page.getByTestId(testId));
    expect((await box(page.getByTestId(testId))).width, `${testId} width`).toBeGreaterThanOrEqual(280);
  }
  // the active question moves through every question (↓), and each is on screen with Submit, the page never scrolled
  for (let i = 0; i < ALL_QUESTIONS.length; i++) {
    const active = form.locator('[data-question-index][aria-current="step"], [data-question-index]:focus-within');
    await expect(active.first()).toHaveAttribute('data-question-index', String(i));
    await expectInViewport(page, active.first());
    await expectInViewport(page, submit);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // ↓ in the rationale's field moves its caret; Esc leaves it for the next open question
    await page.keyboard.press(i === 5 ? 'Escape' : 'ArrowDown');
  }
  await expect(submit).toBeFocused();
  await expectInViewport(page, submit);

  for (const key of ['semantic', 'syntactic']) {
    const options = form.locator(`[data-question-index="${ALL_QUESTIONS.indexOf(key)}"] label:has(input[type="radio"])`);
    await expect(options).toHaveCount(5);
    const tops = await options.evaluateAll((labels) => labels.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size, `${key} options in one row: ${tops.join(', ')}`).toBe(1);
  }
  expect(await brokenWords(page, '.layout')).toEqual([]);
  await expect(page.getByTestId('status-line')).not.toContainText('Not submitted yet');
  await saveScreen(page, 'workbench-1280.png');
});

test('at 390×844 the texts stack, no word breaks in the middle, and every key has a tap target', async ({
  page,
  loginAs,
  researcher,
}) => {
  const campaign = await createCampaign(researcher, { size: 1, questions: ALL_QUESTIONS });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);
  await useLongestTexts(page);

  const [first, second] = [await box(page.getByTestId('pair-text-1')), await box(page.getByTestId('pair-text-2'))];
  expect(second.y, 'Text 2 below Text 1').toBeGreaterThan(first.y + first.height);
  for (const b of [first, second]) expect(b.width, 'text column width').toBeGreaterThanOrEqual(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling').toBeLessThanOrEqual(390);
  expect(await brokenWords(page, 'main')).toEqual([]);

  const targets = page.locator(
    '#workbench-form label:has(input[type="radio"]), #workbench-form textarea, .layout button, header button',
  );
  expect(await targets.count()).toBeGreaterThan(20);
  const small = await targets.evaluateAll((elements) =>
    elements
      .map((e) => ({ text: (e.textContent ?? '').trim().slice(0, 30), rect: e.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.height < 44 || rect.width < 44))
      .map(({ text, rect }) => `${text} ${Math.round(rect.width)}×${Math.round(rect.height)}`),
  );
  expect(small, 'tap targets smaller than 44 px').toEqual([]);
  await saveScreen(page, 'workbench-390.png');
});
