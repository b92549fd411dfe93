/**
 * Playwright fixtures: `loginAs(role)` signs in through the real login form as a demo account;
 * `createAccount(role)` has the demo admin create a fresh account (for tests that sign out or
 * change an account: those end the account's sessions everywhere, and the demo accounts are
 * shared by tests running in parallel).
 */
import { test as base, expect, type Page } from '@playwright/test';

export type DemoRole = 'admin' | 'researcher' | 'annotator';
export const demoPassword = 'paralens-demo';
export const demoEmail = (role: DemoRole): string => `${role}@paralens.local`;

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export interface Account {
  email: string;
  password: string;
}

let accounts = 0;

export const test = base.extend<{
  loginAs: (role: DemoRole) => Promise<void>;
  createAccount: (role: DemoRole) => Promise<Account>;
}>({
  loginAs: async ({ page }, use) => {
    await use(async (role) => {
      await signIn(page, demoEmail(role), demoPassword);
      await expect(page.getByTestId('current-role')).toBeVisible();
    });
  },
  createAccount: async ({ browser }, use, testInfo) => {
    await use(async (role) => {
      accounts += 1;
      const account = {
        email: `e2e-${testInfo.workerIndex}-${accounts}-${Date.now()}@paralens.local`,
        password: `e2e-password-${accounts}`,
      };
      const context = await browser.newContext();
      const admin = await context.newPage();
      await signIn(admin, demoEmail('admin'), demoPassword);
      await expect(admin.getByTestId('current-role')).toBeVisible();
      await admin.goto('/admin/users');
      const form = admin.getByRole('form', { name: 'Create user' });
      await form.getByLabel('Email').fill(account.email);
      await form.getByLabel('Name').fill(`E2E ${role}`);
      await form.getByLabel('Role').selectOption(role.toUpperCase());
      await form.getByLabel(/Password/).fill(account.password);
      await form.getByRole('button', { name: 'Create user' }).click();
      await expect(form.getByRole('status')).toContainText(`Created ${account.email}`);
      await context.close();
      return account;
    });
  },
});

export { expect };
