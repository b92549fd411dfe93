/** The session of a signed-in page as an API client, sending this site's Origin as the page's own requests do. */
import { request as playwrightRequest, type APIRequestContext, type Browser } from '@playwright/test';
import { demoEmail, type DemoRole } from '../fixtures';
import { storageStateFor } from './session';

export async function sessionFor(_browser: Browser, baseURL: string, role: DemoRole): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    storageState: await storageStateFor(baseURL, demoEmail(role)),
    extraHTTPHeaders: { origin: baseURL },
  });
}
