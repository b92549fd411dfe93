/** Playwright fixtures: `loginAs(role)` signs in through the real login form as a demo account. */
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

export const test = base.extend<{ loginAs: (role: DemoRole) => Promise<void> }>({
  loginAs: async ({ page }, use) => {
    await use(async (role) => {
      await signIn(page, demoEmail(role), demoPassword);
      await expect(page.getByTestId('current-role')).toBeVisible();
    });
  },
});

export { expect };
