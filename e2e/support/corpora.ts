import { expect, type Page } from '@playwright/test';

/** Creates an empty corpus through the Corpora page and waits for its own page. */
export async function createCorpus(page: Page, name: string): Promise<void> {
  await page.goto('/corpora');
  await page.getByRole('button', { name: 'New corpus' }).click();
  await page.getByRole('form', { name: 'New corpus' }).getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create corpus' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}
