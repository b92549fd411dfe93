/**
 * The workbench's outbox end to end: a network drop in the middle of a submission, a reload with
 * queued answers, and an edit based on a stale version lose nothing and store nothing twice.
 */
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

test('a network drop in the middle of a submission loses nothing and stores it once', async ({ page, loginAs, researcher }) => {
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
  researcher,
}) => {
  // the queued answers back off while they fail (up to 60 s between tries, docs/workbench.md): on a busy
  // machine they fail long enough before the server is back for the next try to be a minute away
  test.setTimeout(150_000);
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
  // both answers wait on this device, and the status line says so; the next pair waits for the server
  await expect(saveStatus(page)).toContainText('Your answer: waiting to be sent');
  await expect(page.getByTestId('outbox-indicator')).toContainText('2 answers wait to be sent');
  await expect(page.getByTestId('waiting-cue')).toContainText('Saving your answer');

  await page.reload();
  await expect(page.getByTestId('outbox-entry')).toHaveCount(2);
  await expect(page.getByTestId('outbox-indicator')).toContainText('2 answers wait to be sent');
  await page.unroute('**/api/v1/campaigns/*/annotations');
  await expect(page.getByTestId('outbox-indicator')).toContainText('All answers saved', { timeout: 75_000 });
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

test('an edit based on a stale version gets the conflict message and can keep its answers', async ({
  page,
  loginAs,
  researcher,
  baseURL,
}) => {
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
