/**
 * A model's scores as a measure: a corpus made and imported through its page, a scores
 * file uploaded in its "Your measures" form (a bad line first: nothing written), then the measure is
 * a column of the explorer, sortable, and deleted from the corpus page after a confirmation.
 */
import { test, expect } from './fixtures';
import { createCorpus } from './support/corpora';

const rows = [1, 2, 3].map(
  (i) => `q${i}\tThe bridge over river ${i} was built in 1907 .\tIn 1907 the bridge over river ${i} was built .\t1`,
);

test('scores uploaded on the corpus page become an explorer column, and can be deleted', async ({ page, loginAs }) => {
  // a corpus import runs in a job process of its own: well over the default on a loaded two-core machine
  test.setTimeout(150_000);
  const name = `E2E scores ${Date.now()}`;
  await loginAs('researcher');
  await createCorpus(page, name);
  const slug = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByLabel(/Corpus file/).setInputFiles({
    name: 'dev.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(['id\tsentence1\tsentence2\tlabel', ...rows].join('\n') + '\n'),
  });
  await page.getByRole('form', { name: 'Confirm the import' }).getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('table', { name: 'Imports' }).getByRole('row').nth(1)).toContainText('done', { timeout: 60_000 });

  await page.reload();
  const form = page.getByRole('form', { name: "Import a model's scores" });
  const upload = async (lines: string[]) => {
    await form
      .getByLabel('File (CSV, TSV or JSON Lines)')
      .setInputFiles({ name: 'model.csv', mimeType: 'text/csv', buffer: Buffer.from(['qid,prob', ...lines].join('\n')) });
    await form.getByRole('button', { name: 'Import scores' }).click();
  };
  await form.getByLabel('Columns').fill('pair=qid');
  await form.getByRole('textbox', { name: /^Measures/ }).fill('para_prob=prob');
  await upload(['q1,0.91', 'q2,high', 'q3,0.12']);
  await expect(form.getByRole('status')).toHaveText('1 row could not be imported; nothing was written.');
  await expect(form.getByRole('list', { name: 'Rows that could not be imported' })).toContainText(
    'line 3: para_prob: "high" is not a number',
  );
  await form.getByLabel('Map axis').selectOption('semantic');
  await upload(['q1,0.91', 'q2,0.55', 'q3,0.12']);
  await expect(form.getByRole('status')).toHaveText(`Imported scores of 3 pairs into ${slug}: para_prob (3 values).`);
  const measures = page.getByRole('table', { name: 'User measures' });
  await expect(measures.getByRole('row', { name: /para_prob/ })).toContainText('model.csv');

  await measures.getByRole('link', { name: 'para_prob' }).click();
  await expect(page).toHaveURL(/sort=-u\.para_prob/);
  const table = page.getByRole('table', { name: 'Pairs' });
  await expect(table.getByRole('columnheader', { name: /para_prob/ })).toHaveAttribute('aria-sort', 'descending');
  const column = await table.getByRole('columnheader').allTextContents();
  const at = column.findIndex((t) => t.includes('para_prob'));
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(at)).toHaveText('0.91');
  await expect(table.getByRole('row').nth(3).getByRole('cell').nth(at)).toHaveText('0.12');

  // marked semantic, it can replace sem on the corpus's characteristic map
  await page.goto(`/dashboards/maps?corpus=${slug}`);
  await page
    .getByRole('form', { name: `Axes of ${slug}` })
    .getByLabel('Semantic axis')
    .selectOption('u.para_prob');
  await page
    .getByRole('form', { name: `Axes of ${slug}` })
    .getByRole('button', { name: 'Redraw' })
    .click();
  await expect(page).toHaveURL(new RegExp(`sem\\.${slug}=u\\.para_prob`));
  await expect(page.getByRole('table', { name: `${name}: syn × para_prob` })).toBeVisible();
  await expect(page.getByTestId('sem-formula')).toContainText('sem axis: para_prob, a measure of your own');

  await page.goto(`/corpora/${slug}`);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete para_prob' }).click();
  await expect(page.getByText('No measures of your own yet.')).toBeVisible();
});
