/**
 * Keys typed ahead: a key answers only a pair that was on screen when it went down.
 * `GET …/next` is held back by the test (page.route) until the test has typed during the wait, so
 * nothing races: keys typed then are not used and the workbench says so, while the answered pair
 * stays on screen, dimmed; keys typed once the new pair is visible answer it. A key dispatched in
 * the very task that inserts the new pair (a MutationObserver) lands on the new pair, never the old.
 * What was stored is read back through the API.
 */
import type { Page } from '@playwright/test';
import {
  createCampaign,
  expect,
  expectNoDuplicates,
  openWorkbench,
  pairTexts,
  sameSite,
  saveStatus,
  storedLines,
  test,
} from './workbench-helpers';

/** Holds the next `GET …/next` of the page until `release()` (and for at least a second); `reached` resolves when it arrives. */
async function holdNextPair(page: Page, campaignId: number) {
  let reach = () => {};
  let release = () => {};
  const reached = new Promise<void>((r) => (reach = r));
  const released = new Promise<void>((r) => (release = r));
  const atLeast = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let armed = false;
  await page.route(`**/api/v1/campaigns/${campaignId}/next`, async (route) => {
    if (!armed) return route.continue();
    armed = false;
    reach();
    await Promise.all([released, atLeast(1_000)]);
    await route.continue();
  });
  return {
    arm: () => (armed = true),
    reached,
    release,
  };
}

test('keys typed while the next pair loads are not used and say so; keys once it shows answer it', async ({
  page,
  loginAs,
  researcher,
}) => {
  const campaign = await createCampaign(researcher, { size: 2, questions: ['semantic', 'syntactic'], randomiseOrder: false });
  await loginAs('annotator');
  const hold = await holdNextPair(page, campaign.id);
  await openWorkbench(page, campaign.slug);
  const first = await pairTexts(page);

  await page.keyboard.press('3');
  await page.keyboard.press('3');
  hold.arm();
  await page.keyboard.press('Enter');
  await hold.reached; // the answer is confirmed (the next pair is asked for only then) and `next` is held

  // the answered pair stays, dimmed; keys typed now are not used, and the cue says so
  await expect(page.getByTestId('answered-text-1')).toHaveText(first[0]);
  await expect(page.getByTestId('pair-text-1')).toHaveCount(0);
  for (const key of ['4', '4', 'Enter']) await page.keyboard.press(key);
  await expect(page.getByTestId('key-ignored')).toContainText('was not used: waiting for the next pair');
  await expect(page.getByTestId('key-ignored').locator('kbd')).toHaveText('Enter');
  await expect(saveStatus(page)).toContainText('saved ✓ (version 1)');

  hold.release();
  await expect(page.getByTestId('pair-text-1')).toBeVisible();
  await expect(page.getByTestId('answered-pair')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /unrelated/ }).first()).toBeFocused();
  await page.keyboard.press('1');
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  await expect(saveStatus(page)).toContainText('saved ✓ (version 1)');
  await expect(page.getByTestId('workbench-message')).toContainText('Nothing left for you');

  const lines = await storedLines(researcher, campaign.id);
  expectNoDuplicates(lines);
  expect(
    lines
      .map((l) => ({ version: l.version, answers: l.answers }))
      .sort((a, b) => Number(a.answers.semantic) - Number(b.answers.semantic)),
  ).toEqual([
    { version: 1, answers: { semantic: 1, syntactic: 2 } },
    { version: 1, answers: { semantic: 3, syntactic: 3 } },
  ]);
});

test('a key pressed in the same task that shows the new pair answers the new pair, never the old', async ({
  page,
  loginAs,
  researcher,
  baseURL,
}) => {
  const campaign = await createCampaign(researcher, { size: 2, questions: ['semantic'], randomiseOrder: false });
  await loginAs('annotator');
  const hold = await holdNextPair(page, campaign.id);
  await openWorkbench(page, campaign.slug);
  // the pair on screen is the held one; a GET of next from outside the page names this site (the cross-site rule)
  const held = await page.request.get(`/api/v1/campaigns/${campaign.id}/next`, { headers: sameSite(baseURL) });
  expect(held.status()).toBe(200);
  const firstPair = (await held.json()) as { pairId: number };

  await page.keyboard.press('0');
  hold.arm();
  await page.keyboard.press('Enter');
  await hold.reached;
  await expect(page.getByTestId('answered-pair')).toBeVisible();

  // as soon as the new pair's text is in the page (before any paint or other task), a key goes down
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const text = document.querySelector('[data-testid="pair-text-1"]');
      if (!text) return;
      observer.disconnect();
      (window as unknown as { keyOnInsert: string }).keyOnInsert = text.textContent ?? '';
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '3', bubbles: true, cancelable: true }));
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
  });
  hold.release();
  await expect(page.getByTestId('pair-text-1')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { keyOnInsert?: string }).keyOnInsert)).toBe((await pairTexts(page))[0]);
  await expect(page.getByRole('radio', { name: /mostly the same meaning/ })).toBeChecked();
  await expect(page.getByRole('button', { name: /Submit/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(saveStatus(page)).toContainText('saved ✓ (version 1)');
  await expect(page.getByTestId('workbench-message')).toContainText('Nothing left for you');
  await expect(page.getByTestId('outbox-indicator')).toContainText('All answers saved');

  const lines = await storedLines(researcher, campaign.id);
  expectNoDuplicates(lines);
  expect(lines).toHaveLength(2);
  expect(lines.find((l) => l.pairId === firstPair.pairId)).toMatchObject({ version: 1, answers: { semantic: 0 } });
  expect(lines.find((l) => l.pairId !== firstPair.pairId)).toMatchObject({ version: 1, answers: { semantic: 3 } });
});
