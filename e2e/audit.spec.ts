/**
 * The admins' audit log: an account created in the web app shows with its actor, action,
 * target and channel; the filters narrow it by URL; researchers get the 403 page and a 403 from the API.
 */
import { test, expect, demoEmail } from './fixtures';
import { sessionFor } from './support/api-session';

test('an admin reads who did what: filters by action, actor and channel, the same entry in the API', async ({
  page,
  browser,
  baseURL,
  loginAs,
  createAccount,
}) => {
  test.slow(); // two sign-ins and an account created through the admin page
  const account = await createAccount('annotator');
  await loginAs('admin');
  await page.goto('/admin/audit');
  const form = page.getByRole('form', { name: 'Filter the audit log' });
  await form.getByLabel('Action').selectOption('user.create');
  await form.getByLabel('Actor').selectOption(demoEmail('admin'));
  await form.getByLabel('Via').selectOption('web');
  await form.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/action=user\.create/);
  const row = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr').filter({ hasText: account.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('user.create');
  await expect(row).toContainText(demoEmail('admin'));
  await expect(row).toContainText('web');

  // The same entry through the API, and a filter that matches nothing says so.
  const admin = await sessionFor(browser, baseURL!, 'admin');
  const api = (await (await admin.get('/api/v1/audit?action=user.create&via=web&limit=200')).json()) as {
    entries: Array<{ actor: string; details: { email?: string } }>;
  };
  expect(api.entries.find((e) => e.details.email === account.email)?.actor).toBe(demoEmail('admin'));
  const bad = await admin.get('/api/v1/audit?from=2026-02-30');
  expect(bad.status()).toBe(400);
  await page.goto('/admin/audit?action=no-such-action&to=2000-01-01');
  await expect(page.getByRole('heading', { name: 'No entry matches these filters' })).toBeVisible();
  await admin.dispose();

  const researcher = await sessionFor(browser, baseURL!, 'researcher');
  expect((await researcher.get('/api/v1/audit')).status()).toBe(403);
  await researcher.dispose();
});
