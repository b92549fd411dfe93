/**
 * Tidying up through the pages: a failed import dismissed; a corpus archived (gone from the list
 * and the explorer's filter, back with "Show archived"), restored and deleted after typing its
 * name, the dialog naming what goes with it; a campaign cloned (a draft with the same sample and no
 * answers), archived, restored and deleted; deletion refused while the corpus is in use, while the
 * campaign is active, and for a researcher who did not create it.
 */
import { test, expect } from './fixtures';
import { createCorpus } from './support/corpora';

const brokenFile = {
  name: 'broken.tsv',
  mimeType: 'text/tab-separated-values',
  buffer: Buffer.from('id\tsentence1\tsentence2\tlabel\n1\tonly two fields\n'),
};

test('a researcher dismisses a failed import, archives, restores and deletes their corpus', async ({ page, loginAs }) => {
  test.setTimeout(180_000); // a shared machine: about 100 s seen; the import runs in a job process of its own
  const name = `E2E tidy corpus ${Date.now()}`;
  await loginAs('researcher');
  await createCorpus(page, name);
  const slug = new URL(page.url()).pathname.split('/').at(-1)!;

  // A failed import leaves the list with Dismiss.
  await page.getByLabel(/Corpus file/).setInputFiles(brokenFile);
  await page.getByRole('form', { name: 'Confirm the import' }).getByRole('button', { name: 'Start import' }).click();
  const imports = page.getByRole('table', { name: 'Imports' });
  await expect(imports.getByRole('row').nth(1)).toContainText('failed', { timeout: 45_000 });
  await imports.getByRole('button', { name: /^Dismiss import/ }).click();
  await expect(imports).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('broken.tsv');

  // Archived: off the list and the explorer's corpus filter, on the list with "Show archived".
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('archived-notice')).toBeVisible();
  await page.goto('/corpora');
  await expect(page.getByRole('table', { name: 'Corpora' })).not.toContainText(name);
  await page.getByTestId('archived-toggle').click();
  await expect(page).toHaveURL(/archived=include/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('archived');
  await page.goto('/explore');
  await expect(page.getByRole('heading', { level: 1, name: 'Explorer' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(name);

  // Restored: back everywhere.
  await page.goto(`/corpora/${slug}`);
  await page.getByTestId('archived-notice').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('archived-notice')).toHaveCount(0);
  await page.goto('/corpora');
  await expect(page.getByRole('table', { name: 'Corpora' })).toContainText(name);
  await page.goto('/explore');
  await expect(page.getByRole('main')).toContainText(name); // the corpus filter offers it again

  // Deleted after typing the name; the dialog says what goes with it.
  await page.goto(`/corpora/${slug}`);
  await page.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the corpus “${name}”?` });
  await expect(dialog.getByTestId('deletion-parts')).toContainText('1 import record');
  const confirm = dialog.getByRole('button', { name: 'Delete corpus' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type the name to confirm').fill(`${name} typo`);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type the name to confirm').fill(name);
  await confirm.click();
  await expect(page).toHaveURL(/\/corpora$/);
  expect((await page.request.get(`/corpora/${slug}`)).status()).toBe(404);
  await page.goto('/corpora?archived=include');
  await expect(page.getByRole('table', { name: 'Corpora' })).not.toContainText(name);
});

test('a researcher clones a campaign, archives, restores and deletes the clone; deleting is refused while in use, active, or not theirs', async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(180_000); // a shared machine: about 100 s seen; the import runs in a job process of its own
  await loginAs('researcher');
  const name = `E2E tidy campaign ${Date.now()}`;
  const created = await page.request.post('/api/v1/campaigns', {
    headers: { origin: baseURL! },
    data: {
      name,
      corpora: ['wikipedia-ipc-paper-examples'],
      sample: { strategy: 'random', size: 3, seed: 7 },
      questions: ['semantic'],
      status: 'active',
    },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };

  // Active: the delete dialog says why not, and offers no confirmation.
  await page.goto(`/campaigns/${slug}`);
  await page.getByRole('button', { name: 'Delete…' }).click();
  const refused = page.getByRole('dialog', { name: `Delete the campaign “${name}”?` });
  await expect(refused.getByRole('alert')).toContainText('Pause or close it first');
  await expect(refused.getByRole('button', { name: 'Delete campaign' })).toBeDisabled();
  await refused.getByRole('button', { name: 'Cancel' }).click();

  // Clone: a draft with the same three pairs.
  const cloneName = `${name} round 2`;
  await page.getByRole('button', { name: 'Clone…' }).click();
  const clone = page.getByRole('dialog', { name: `Clone “${name}”` });
  await clone.getByLabel('Name of the new campaign').fill(cloneName);
  await clone.getByRole('button', { name: 'Clone campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: cloneName })).toBeVisible();
  await expect(page.getByTestId('campaign-status')).toHaveText('DRAFT');
  const cloneSlug = new URL(page.url()).pathname.split('/').at(-1)!;
  const original = (await (await page.request.get(`/api/v1/campaigns/${slug}`)).json()) as {
    questions: unknown;
    overlap: number;
  };
  const copied = (await (await page.request.get(`/api/v1/campaigns/${cloneSlug}`)).json()) as {
    questions: unknown;
    overlap: number;
    status: string;
  };
  expect(copied).toMatchObject({ questions: original.questions, overlap: original.overlap, status: 'DRAFT' });

  // Archived and restored.
  await page.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('archived-notice')).toBeVisible();
  await page.goto('/campaigns');
  await expect(page.getByRole('table', { name: 'Campaigns' })).not.toContainText(cloneName);
  await page.getByTestId('archived-toggle').click();
  await expect(page.getByRole('row', { name: new RegExp(cloneName) })).toContainText('archived');
  await page.getByRole('link', { name: cloneName }).click();
  await page.getByTestId('archived-notice').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('archived-notice')).toHaveCount(0);

  // Deleted (a draft), with what goes with it named.
  await page.getByRole('button', { name: 'Delete…' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the campaign “${cloneName}”?` });
  await expect(dialog.getByTestId('deletion-parts')).toContainText('3 sampled pairs');
  await dialog.getByLabel('Type the name to confirm').fill(cloneName);
  await dialog.getByRole('button', { name: 'Delete campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  expect((await page.request.get(`/api/v1/campaigns/${cloneSlug}`)).status()).toBe(404);

  // The demo corpus has no creator: the researcher may not delete it; the API says so too.
  await page.goto('/corpora/wikipedia-ipc-paper-examples');
  await page.getByRole('button', { name: 'Delete…' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText(
    'Only an admin or the researcher who created this corpus',
  );
  expect(
    (await page.request.delete('/api/v1/corpora/wikipedia-ipc-paper-examples', { headers: { origin: baseURL! } })).status(),
  ).toBe(403);
});

test('an admin cannot delete a corpus a campaign uses: the dialog and the API name the campaign', async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs('admin');
  const name = `E2E in use ${Date.now()}`;
  const created = await page.request.post('/api/v1/campaigns', {
    headers: { origin: baseURL! },
    data: { name, corpora: ['wikipedia-ipc-paper-examples'], sample: { strategy: 'random', size: 1 }, questions: ['semantic'] },
  });
  expect(created.status()).toBe(201);
  await page.goto('/corpora/wikipedia-ipc-paper-examples');
  await page.getByRole('button', { name: 'Delete…' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText(name);
  const res = await page.request.delete('/api/v1/corpora/wikipedia-ipc-paper-examples', { headers: { origin: baseURL! } });
  expect(res.status()).toBe(409);
  expect(((await res.json()) as { error: { message: string } }).error.message).toContain(name);
});
