/**
 * Playwright fixtures: `loginAs(role)` signs the page in as a demo account by writing its session
 * cookie (e2e/support/session.ts; `test.use({ signInBy: 'form' })` makes it use the real login
 * form, for the specs of the form itself); `createAccount(role)` has the demo admin create a fresh
 * account on the users page (for tests that sign out or change an account: those end the account's
 * sessions everywhere, and the demo accounts are shared by tests running in parallel) and removes
 * it after the test (`removeAfter(email)` removes one the test made itself); `signInAs(page, email)`
 * signs a page in as any account without the form.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { addSession, removeAccounts } from './support/session';

export type DemoRole = 'admin' | 'researcher' | 'annotator';
export const demoPassword = 'paralens-demo';
export const demoEmail = (role: DemoRole): string => `${role}@paralens.local`;

/** Signs in through the login form (the specs of the form itself; other tests use `signInAs`). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs the page's context in as `email` (a demo role's or a created account's) and opens `landing`:
 * the home page, where the form leads.
 */
export async function signInAs(page: Page, email: string, landing = '/'): Promise<void> {
  await addSession(page.context(), baseUrlOf(page), email);
  await page.goto(landing);
}

function baseUrlOf(page: Page): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error(`no baseURL in the Playwright config (page at ${page.url()})`);
  return baseURL;
}

export interface Account {
  email: string;
  password: string;
}

let accounts = 0;

export const test = base.extend<{
  /** how `loginAs` signs in: 'session' writes the cookie, 'form' fills in the login form */
  signInBy: 'session' | 'form';
  loginAs: (role: DemoRole) => Promise<void>;
  createAccount: (role: DemoRole) => Promise<Account>;
  /** removes, after the test, an account the test itself created (e.g. through the users page) */
  removeAfter: (email: string) => void;
}>({
  signInBy: ['session', { option: true }],
  loginAs: async ({ page, signInBy }, use) => {
    await use(async (role) => {
      if (signInBy === 'form') await signIn(page, demoEmail(role), demoPassword);
      else await signInAs(page, demoEmail(role));
      await expect(page.getByTestId('current-role')).toBeVisible();
    });
  },
  createAccount: async ({ browser }, use, testInfo) => {
    const created: string[] = [];
    await use(async (role) => {
      accounts += 1;
      const account = {
        email: `e2e-${testInfo.workerIndex}-${accounts}-${Date.now()}@paralens.local`,
        password: `e2e-password-${accounts}`,
      };
      const context = await browser.newContext();
      const admin = await context.newPage();
      await signInAs(admin, demoEmail('admin')); // lands on the home page first, as the form did
      await expect(admin.getByTestId('current-role')).toBeVisible();
      await admin.goto('/admin/users');
      const form = admin.getByRole('form', { name: 'Create user' });
      await form.getByLabel('Email').fill(account.email);
      await form.getByLabel('Name').fill(`E2E ${role}`);
      await form.getByLabel('Role').selectOption(role.toUpperCase());
      await form.getByLabel(/Password/).fill(account.password);
      await form.getByRole('button', { name: 'Create user' }).click();
      await expect(form.getByRole('status')).toContainText(`Created ${account.email}`);
      created.push(account.email);
      await context.close();
      return account;
    });
    await removeAccounts(created);
  },
  removeAfter: async ({}, use) => {
    const emails: string[] = [];
    await use((email) => void emails.push(email));
    await removeAccounts(emails);
  },
});

export { expect };
