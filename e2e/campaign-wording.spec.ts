/**
 * Correcting a campaign's wording after launch, through the pages: once an annotator has answered,
 * the campaign page says why the options and required settings are locked, and "Edit wording"
 * saves the corrected guidelines and question label as version 2 (the history lists both); a
 * meaning change is refused by the API with 409; the annotator's next pair comes with the new text
 * and the workbench says the guidelines were updated. Archived, the campaign hands out no pairs:
 * the workbench says so and `next` answers 409.
 */
import { test, expect, createCampaign, pageAs, openWorkbench, sameSite } from './workbench-helpers';

test('a researcher corrects the wording after launch; the annotator sees the new text; archived, no new pairs', async ({
  browser,
  baseURL,
  researcher,
}) => {
  test.setTimeout(120_000);
  const { id, slug } = await createCampaign(researcher, {
    size: 4,
    questions: ['semantic'],
    guidelines: '# Original guidelines\n\nRate the meaning.',
  });
  const annotator = await pageAs(browser, 'annotator', baseURL);
  const guidelines = annotator.getByRole('complementary', { name: 'Guidelines' });
  await openWorkbench(annotator, slug);
  await expect(guidelines.getByRole('heading', { name: 'Original guidelines' })).toBeVisible();
  await annotator.keyboard.press('3');
  await annotator.keyboard.press('Enter');
  await expect(annotator.getByTestId('progress')).toContainText('1 done');

  // The campaign page: locked meaning, with the reason; the wording saved as version 2.
  const page = await pageAs(browser, 'researcher', baseURL);
  await page.goto(`/campaigns/${slug}`);
  const wording = page.getByRole('region', { name: /Wording/ });
  await expect(page.getByRole('region', { name: 'Questions' })).toContainText(
    '1 answer was given with these questions and options; changing them would change what those answers mean. Clone the campaign instead',
  );
  await wording.getByText('Edit wording').click();
  const form = page.getByRole('form', { name: 'Edit wording' });
  await expect(form.getByRole('checkbox', { name: 'Required' })).toBeDisabled();
  await form.getByLabel('Question', { exact: true }).fill('How close is the meaning? (0-4)');
  await form.getByLabel('Guidelines (Markdown)').fill('# Corrected guidelines\n\nRate the meaning only, not the wording.');
  await form.getByRole('button', { name: 'Save as version 2' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved as version 2: guidelines, semantic: label.');
  const versions = page.getByRole('table', { name: 'Wording versions' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByRole('row').nth(1)).toContainText('2 (shown now)');
  await expect(versions.getByRole('row').nth(1)).toContainText('guidelines, semantic: label');

  // What an answer means stays: the API refuses a change of the scale's required setting.
  const stored = (await (await researcher.get(`/api/v1/campaigns/${id}`)).json()) as {
    questions: Array<Record<string, unknown>>;
  };
  const refused = await researcher.patch(`/api/v1/campaigns/${id}/wording`, {
    headers: sameSite(baseURL),
    data: { basedOn: 2, guidelines: 'x', questions: stored.questions.map((q) => ({ ...q, required: false })) },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('semantic: when it is required');

  // The annotator answers the pair held under version 1; the next one brings the new text.
  await annotator.keyboard.press('2');
  await annotator.keyboard.press('Enter');
  await expect(annotator.getByRole('status').filter({ hasText: 'Guidelines updated' })).toBeVisible();
  await expect(guidelines.getByRole('heading', { name: 'Corrected guidelines' })).toBeVisible();
  await expect(annotator.getByText('How close is the meaning? (0-4)')).toBeVisible();
  await annotator.reload();
  await expect(guidelines.getByRole('heading', { name: 'Corrected guidelines' })).toBeVisible();

  // Archived: the workbench hands out nothing and says why; the API refuses in plain words.
  expect(
    (await researcher.patch(`/api/v1/campaigns/${id}`, { headers: sameSite(baseURL), data: { archived: true } })).status(),
  ).toBe(200);
  await annotator.reload();
  await expect(annotator.getByTestId('workbench-message')).toContainText(
    'This campaign is archived: no new pairs are handed out.',
  );
  const next = await annotator.request.get(`/api/v1/campaigns/${id}/next`);
  expect(next.status()).toBe(409);
  expect(((await next.json()) as { error: { message: string } }).error.message).toMatch(/^This campaign is archived/);
  await page.context().close();
  await annotator.context().close();
});
