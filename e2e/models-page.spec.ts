/**
 * The Models page's GloVe promise: the package's 341,479 words and the 321,243 an install keeps are
 * both on the page, with why the other 20,236 are left out (hyphenated words and punctuation, which
 * the measures' tokens never are), before an install as after it (the same counts, from the manifest).
 */
import { test, expect } from './fixtures';

test('the GloVe panel says how many words the package has, how many are kept and why', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/admin/models');
  const panel = page.getByRole('region', { name: 'GloVe word vectors' });
  await expect(panel).toContainText('341,479 English words');
  const counts = panel.getByTestId('glove-word-counts');
  await expect(counts).toContainText('321,243 of the 341,479 words are kept.');
  await expect(counts).toContainText('20,196 hyphenated words');
  await expect(counts).toContainText('40 punctuation marks and symbols');
  await expect(counts).toContainText('runs of a-z and 0-9');
});
