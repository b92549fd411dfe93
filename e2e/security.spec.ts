/** Security headers, the content security policy in a real browser, and the origin check of route handlers. */
import { test, expect } from './fixtures';

test('pages and API answers carry the security headers', async ({ request }) => {
  const page = await request.get('/login');
  const csp = page.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(await page.text()).toContain(`nonce="${/'nonce-([^']+)'/.exec(csp)?.[1]}"`);
  const api = await request.get('/api/health');
  // the annotation hot routes, which the web server answers without Next.js (docs/decisions/007), and a route Next.js answers
  const direct = await request.get('/api/v1/campaigns/1/next');
  const routed = await request.get('/api/v1/corpora');
  for (const answer of [api, direct, routed])
    expect(answer.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect([direct.status(), routed.status()]).toEqual([401, 401]);
  for (const answer of [page, api, direct, routed]) {
    expect(answer.headers()['x-content-type-options']).toBe('nosniff');
    expect(answer.headers()['referrer-policy']).toBe('same-origin');
    expect(answer.headers()['x-frame-options']).toBe('DENY');
  }
  const second = await request.get('/login');
  expect(second.headers()['content-security-policy']).not.toBe(csp);
});

test('the app runs under its content security policy in Chromium', async ({ page, loginAs }) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleErrors.push(m.text());
  });
  await loginAs('researcher');
  // client-side navigation and client components need the scripts to run
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Corpora' }).click();
  await page.getByRole('button', { name: 'New corpus' }).click();
  await expect(page.getByRole('form', { name: 'New corpus' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboards' }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a route handler refuses a cross-origin POST that carries the session cookie', async ({ page, loginAs, baseURL }) => {
  await loginAs('researcher');
  const { corpora } = (await (await page.request.get('/api/v1/corpora')).json()) as { corpora: { slug: string }[] };
  const target = `${baseURL}/api/corpora/${corpora[0]!.slug}/imports?fileName=planted.tsv`;

  // A page on another port of the same host is same-site, so the SameSite=Lax cookie goes along.
  const attackerOrigin = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 1}`;
  // The classic forgery: a page that submits a form to the app as soon as it loads.
  await page.route(`${attackerOrigin}/attack`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="POST" enctype="text/plain" action="${target}"><input name="id" value="1"></form><script>document.forms[0].submit()</script>`,
    }),
  );
  const answer = page.waitForResponse((r) => r.url() === target);
  await page.goto(`${attackerOrigin}/attack`);
  const response = await answer;
  expect(response.request().headers()['origin']).toBe(attackerOrigin);
  expect(response.status()).toBe(403); // 401 would mean the cookie was not sent and nothing was tested

  // Without an Origin (not a browser) a cookie is not enough either; a bearer token is judged on its own.
  expect((await page.request.post(target, { data: 'x' })).status()).toBe(403);
  const bearer = await page.request.post(target, { data: 'x', headers: { Authorization: 'Bearer not-a-token' } });
  expect(bearer.status()).toBe(401);
  // The same request from the app's own pages passes the check (and fails later, on the empty body).
  const own = await page.request.post(target, { data: '', headers: { Origin: new URL(baseURL!).origin } });
  expect(own.status()).toBe(400);
});

test('a link on another site cannot claim a pair: GET next with the session cookie needs this site', async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs('annotator');
  const target = `${baseURL}/api/v1/campaigns/paws-wiki-demo-study/next`;
  const attackerOrigin = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 1}`; // same-site: the Lax cookie goes along
  await page.route(`${attackerOrigin}/attack`, (route) =>
    route.fulfill({ contentType: 'text/html', body: `<script>location.href = ${JSON.stringify(target)}</script>` }),
  );
  const answer = page.waitForResponse((r) => r.url() === target);
  await page.goto(`${attackerOrigin}/attack`);
  const response = await answer;
  expect(response.status()).toBe(403); // 401 would mean the cookie was not sent and nothing was tested
  // Typed into the address bar (Sec-Fetch-Site: none) it works, as does the page's own fetch (the workbench specs).
  expect([200, 204]).toContain((await page.goto(target))!.status());
  expect((await page.request.get(target)).status()).toBe(403); // no Origin, no Sec-Fetch-Site: not a page of this site
});
