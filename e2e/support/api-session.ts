/** The session of a signed-in page as an API client, sending this site's Origin as the page's own requests do. */
import { request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { expect, signIn, demoEmail, demoPassword, type DemoRole } from '../fixtures';

export async function sessionFor(browser: Browser, baseURL: string, role: DemoRole): Promise<APIRequestContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, demoEmail(role), demoPassword);
  await expect(page.getByTestId('current-role')).toBeVisible();
  const session = await playwrightRequest.newContext({
    baseURL,
    storageState: await context.storageState(),
    extraHTTPHeaders: { origin: baseURL },
  });
  await context.close();
  return session;
}
