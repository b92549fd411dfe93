import { test, expect, signIn } from './fixtures';

test('an admin creates a user, changes the role, resets the password and deactivates the account', async ({
  page,
  loginAs,
  browser,
  removeAfter,
}) => {
  const email = `new-${Date.now()}@paralens.local`;
  removeAfter(email);
  await loginAs('admin');
  await page.goto('/admin/users');
  const form = page.getByRole('form', { name: 'Create user' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill('New Annotator');
  await form.getByLabel('Role').selectOption('ANNOTATOR');
  await form.getByLabel(/Password/).fill('first-password-123');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByRole('status')).toContainText(`Created ${email}`);

  // The new user signs in (separate browser context) and sees the annotator's navigation.
  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signIn(userPage, email, 'first-password-123');
  await expect(userPage.getByTestId('current-role')).toHaveText('Annotator');
  await expect(userPage.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['My campaigns']);

  // Promote to researcher: the change ends the open session; signed in again, the user has the new role.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByLabel(`Role of ${email}`).selectOption('RESEARCHER');
  await expect(row.getByRole('status')).toHaveText('Role set to Researcher.');
  await userPage.goto('/corpora');
  await expect(userPage).toHaveURL(/\/login/);
  await signIn(userPage, email, 'first-password-123');
  await expect(userPage.getByRole('heading', { level: 1, name: 'Corpora' })).toBeVisible();

  // Reset the password: the open session ends, the generated password is shown once and works.
  await row.getByRole('button', { name: 'Reset password' }).click();
  const status = row.getByRole('status');
  await expect(status).toContainText('New password (shown once):');
  const newPassword = ((await status.textContent()) ?? '').split(': ').at(-1)!.trim();
  await userPage.goto('/corpora');
  await expect(userPage).toHaveURL(/\/login/);
  await signIn(userPage, email, newPassword);
  await expect(userPage.getByTestId('current-role')).toHaveText('Researcher');

  // Deactivate: the open session stops working at once and signing in fails.
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByRole('status')).toHaveText('Deactivated.');
  await userPage.goto('/corpora');
  await expect(userPage).toHaveURL(/\/login/);
  await signIn(userPage, email, newPassword);
  await expect(userPage.getByRole('main').getByRole('alert')).toHaveText('Wrong email or password.');
  await other.close();
});

test('an admin cannot create a second account with the same email', async ({ page, loginAs }) => {
  await loginAs('admin');
  await page.goto('/admin/users');
  const form = page.getByRole('form', { name: 'Create user' });
  await form.getByLabel('Email').fill('researcher@paralens.local');
  await form.getByLabel('Name').fill('Duplicate');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByRole('alert')).toHaveText('A user with the email researcher@paralens.local already exists.');
});
