/** API clients for e2e specs: API tokens made on the token page, and token-only contexts (sessions: api-session.ts). */
import { request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { expect, demoEmail, signInAs, type DemoRole } from '../fixtures';

let counter = 0;
export const unique = (what: string) => `${what} ${Date.now()}-${(counter += 1)}-${Math.random().toString(36).slice(2, 6)}`;

export async function tokenClient(baseURL: string, token: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

/** A token made on /account/tokens by the signed-in role. */
export async function pageToken(browser: Browser, role: DemoRole): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, demoEmail(role));
  await expect(page.getByTestId('current-role')).toBeVisible();
  await page.goto('/account/tokens');
  const form = page.getByRole('form', { name: 'Create API token' });
  await form.getByLabel('Name').fill(unique('e2e page'));
  await form.getByRole('button', { name: 'Create token' }).click();
  const token = (await page.getByTestId('new-token').textContent())!.trim();
  await context.close();
  return token;
}
