/**
 * Admin › Users › a user's API tokens: an admin sees another user's tokens (never the secret)
 * and revokes one, after a confirmation; the token then gets 401. A password reset on the users
 * page revokes the rest and says so.
 */
import type { Page } from '@playwright/test';
import { test, expect, signInAs } from './fixtures';
import { tokenClient, unique } from './support/api-clients';

async function createToken(page: Page, name: string): Promise<string> {
  await page.goto('/account/tokens');
  const form = page.getByRole('form', { name: 'Create API token' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create token' }).click();
  return (await page.getByTestId('new-token').textContent())!.trim();
}

test('an admin revokes another user’s token on the user’s token page; it then gets 401', async ({
  page,
  loginAs,
  createAccount,
  browser,
  baseURL,
}) => {
  const account = await createAccount('researcher');
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signInAs(ownerPage, account.email);
  await expect(ownerPage.getByTestId('current-role')).toBeVisible();
  const [revokeMe, keepMe] = [unique('revoke me'), unique('keep me')];
  const revoked = await tokenClient(baseURL!, await createToken(ownerPage, revokeMe));
  const kept = await tokenClient(baseURL!, await createToken(ownerPage, keepMe));
  expect((await revoked.get('/api/v1/corpora')).status()).toBe(200);

  await loginAs('admin');
  await page.goto('/admin/users');
  const userRow = page.getByRole('row').filter({ hasText: account.email });
  await expect(userRow.getByRole('link', { name: `API tokens of ${account.email}` })).toHaveText('2 active');
  await userRow.getByRole('link', { name: `API tokens of ${account.email}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API tokens of E2E researcher' })).toBeVisible();
  const tokenRow = page.getByRole('row').filter({ hasText: revokeMe });
  await expect(tokenRow).toContainText('pl_');
  await expect(tokenRow).toContainText('active');
  await expect(tokenRow.getByRole('cell').nth(3)).not.toHaveText('never'); // last used: the request above

  // Dismissing the confirmation changes nothing; accepting it revokes the token.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await tokenRow.getByRole('button', { name: `Revoke ${revokeMe}` }).click();
  expect((await revoked.get('/api/v1/corpora')).status()).toBe(200);
  page.once('dialog', (dialog) => {
    expect(dialog.message()).toContain(account.email);
    void dialog.accept();
  });
  await tokenRow.getByRole('button', { name: `Revoke ${revokeMe}` }).click();
  await expect(tokenRow).toContainText('revoked');
  await expect(tokenRow.getByRole('button')).toHaveCount(0);
  expect((await revoked.get('/api/v1/corpora')).status()).toBe(401);
  expect((await kept.get('/api/v1/corpora')).status()).toBe(200);

  // A password reset revokes the other token and says so.
  await page.getByRole('link', { name: '← Users' }).click();
  await expect(userRow.getByRole('link', { name: `API tokens of ${account.email}` })).toHaveText('1 active');
  await userRow.getByRole('button', { name: 'Reset password' }).click();
  await expect(userRow.getByRole('status')).toContainText('Password reset and revoked its API token. New password (shown once):');
  expect((await kept.get('/api/v1/corpora')).status()).toBe(401);
  await page.reload();
  await expect(userRow.getByRole('link', { name: `API tokens of ${account.email}` })).toHaveText('none active');
  await owner.close();
});
