/**
 * Annotation quality end to end, gold and outside labels: a gold miss shows the expected answer and
 * explanation in the workbench and flags the annotator on the campaign page; gold pairs from a file
 * and labels collected elsewhere, where a bad line is named and nothing is written.
 */
import { expect, openWorkbench, pageAs, saveStatus, test } from './workbench-helpers';
import { createCorpus } from './support/corpora';
import { newCampaign, spareDemoPair } from './support/quality-campaigns';

test('a gold miss shows the expected answer and explanation; the annotator is flagged on the campaign page and can be excluded', async ({
  browser,
  baseURL,
  loginAs,
  page,
  researcher,
}) => {
  const campaign = await newCampaign(researcher, {
    questions: ['semantic'],
    members: ['annotator'],
    size: 1,
    overlap: 1,
    goldEvery: 2,
  });
  const goldPair = await spareDemoPair(researcher);
  const gold = await researcher.post(`/api/v1/campaigns/${campaign.id}/gold`, {
    data: { pairId: goldPair, answers: { semantic: 0 }, explanation: 'A test pair: the two sentences share no meaning at all.' },
  });
  expect(gold.status(), await gold.text()).toBe(201);

  await loginAs('annotator');
  await openWorkbench(page, campaign.slug);
  for (let i = 0; i < 2; i++) {
    await expect(page.getByTestId('pair-text-1')).toBeVisible();
    await page.keyboard.press('4');
    await expect(page.getByRole('button', { name: /Submit/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(saveStatus(page)).toContainText('saved ✓');
  }
  const feedback = page.getByRole('alertdialog', { name: /test pair/ });
  await expect(feedback).toBeVisible();
  await expect(feedback).toContainText('Expected');
  await expect(feedback).toContainText('0 (unrelated');
  await expect(feedback).toContainText('share no meaning at all');
  await expect(feedback.getByRole('button', { name: /Continue/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(feedback).toBeHidden();

  const staff = await pageAs(browser, 'researcher', baseURL);
  await staff.goto(`/campaigns/${campaign.slug}`);
  const table = staff.getByRole('table', { name: 'Gold accuracy per annotator' });
  const row = table.getByRole('row', { name: /Demo Annotator/ });
  await expect(row).toContainText('flagged');
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText('0%');
  await row.getByRole('button', { name: /Exclude/ }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'left out of the final labels' })).toBeVisible();
  await expect(row).toContainText('excluded');
  await staff.context().close();
});

test('gold pairs from a file on the campaign page: a bad row is named by its line and nothing is marked; then the file is taken', async ({
  browser,
  baseURL,
  researcher,
}) => {
  const campaign = await newCampaign(researcher, { questions: ['semantic'], members: [], size: 1, overlap: 1, goldEvery: 3 });
  const spare = await spareDemoPair(researcher);
  const staff = await pageAs(browser, 'researcher', baseURL);
  await staff.goto(`/campaigns/${campaign.slug}`);
  await expect(staff.getByText(/^0 gold pairs, one in every 3 handed out/)).toBeVisible();
  // a gold rate with no gold pair marked is said at once
  await expect(staff.getByTestId('no-gold-warning')).toContainText('no gold pair is marked yet');
  await staff.getByText('Mark gold pairs from a file').click();
  const form = staff.getByRole('form', { name: 'Mark gold pairs from a file' });
  const upload = async (rows: string[]) => {
    await form
      .getByLabel('File (CSV, TSV or JSON Lines)')
      .setInputFiles({ name: 'gold.csv', mimeType: 'text/csv', buffer: Buffer.from(['id,score,why', ...rows].join('\n')) });
    await form.getByRole('button', { name: 'Mark gold pairs' }).click();
  };
  await form.getByLabel('Columns').fill('id=id,semantic=score,explanation=why');
  await upload([`${spare},0,The two sentences share no meaning.`, `${spare},9,Off the scale.`]);
  await expect(form.getByRole('status')).toHaveText('1 row could not be marked; nothing was written.');
  await expect(form.getByRole('list', { name: 'Rows that could not be marked' })).toContainText(
    'line 3: answers.semantic must be an integer from 0 to 4, not 9',
  );
  await upload([`${spare},0,The two sentences share no meaning.`]);
  await expect(form.getByRole('status')).toHaveText('Marked 1 gold pair (1 new, 0 replaced).');
  await expect(staff.getByText(/^1 gold pair, one in every 3 handed out/)).toBeVisible();
  await expect(staff.getByTestId('no-gold-warning')).toHaveCount(0);
  await staff.context().close();
});

test('labels collected elsewhere on the campaign page: a bad line writes nothing; then the pairs are created, one in each direction', async ({
  browser,
  baseURL,
  researcher,
}) => {
  // a corpus made through the page, two sign-ins and two imports: over a minute on a loaded two-core machine
  test.setTimeout(180_000);
  const campaign = await newCampaign(researcher, {
    questions: [{ key: 'nli', type: 'choice', label: 'NLI', options: ['E', 'C', 'N'], level: 'nominal' }],
    members: [],
    size: 1,
    overlap: 1,
  });
  const staff = await pageAs(browser, 'researcher', baseURL);
  const name = `E2E labels ${Date.now()}`;
  await createCorpus(staff, name);
  await staff.goto(`/campaigns/${campaign.slug}`);
  await staff.getByText('Import labels collected elsewhere').click();
  const form = staff.getByRole('form', { name: 'Import labels from a file' });
  const stamp = Date.now();
  const upload = async (rows: string[]) => {
    await form.getByLabel('File (CSV, TSV or JSON Lines)').setInputFiles({
      name: 'labels.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['id,s1,s2,who,label', ...rows].join('\n')),
    });
    await form.getByRole('button', { name: 'Import labels' }).click();
  };
  await form.getByLabel('Columns').fill('pair=id,a=s1,b=s2,annotator=who,nli=label');
  await form
    .getByLabel('Pairs no corpus of the campaign holds')
    .selectOption({ label: `are created in ${name} (needs a= and b=)` });
  const [a, b] = [`A dog runs ${stamp}.`, `A dog is running ${stamp}.`];
  await upload([`x${stamp},${a},${b},w1,E`, `x${stamp}b,${b},${a},w1,Q`]);
  await expect(form.getByRole('status')).toHaveText('1 row could not be imported; nothing was written.');
  await expect(form.getByRole('list', { name: 'Rows that could not be imported' })).toContainText(
    'line 3: answers.nli must be one of E, C, N, not "Q"',
  );
  await upload([`x${stamp},${a},${b},w1,E`, `x${stamp}b,${b},${a},w1,N`]);
  await expect(form.getByRole('status')).toContainText(
    'Imported 2 answers by 1 annotators on 2 pairs (2 added to the campaign). Created 1 pairs in ',
    { timeout: 60_000 },
  );
  await expect(form.getByRole('status')).toContainText('-reversed (the other direction).');
  await staff.context().close();
});
