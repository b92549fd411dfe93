/**
 * Pages, checked on the server: signed out → login, wrong role → 403 page, unknown resource → 404.
 * Route handlers and Server Actions are covered by authorization.spec.ts, enumerated from the code.
 */
import { test, expect, type DemoRole } from './fixtures';

// /admin/users/1/tokens: the first demo account's tokens (admins see every user's)
const pages = ['/annotate', '/corpora', '/explore', '/exports', '/campaigns', '/dashboards', '/mining', '/admin/users', '/admin/users/1/tokens', '/admin/models', '/admin/audit'] as const;

const allowedPages: Record<DemoRole, readonly string[]> = {
  annotator: ['/annotate'],
  researcher: ['/annotate', '/corpora', '/explore', '/exports', '/campaigns', '/dashboards', '/mining'],
  admin: pages,
};

test('signed out: every page redirects to the login page', async ({ page }) => {
  for (const path of pages) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  }
});

test('the health check is public', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ ok: true, database: 'up' });
});

for (const role of ['annotator', 'researcher', 'admin'] as const) {
  test(`${role}: pages outside the role answer 403, the rest 200`, async ({ page, loginAs }) => {
    // ten pages, each possibly the server's first render of it: the annotator's run took over 60 s on a busy 2-core machine
    test.slow();
    await loginAs(role);
    for (const path of pages) {
      const res = await page.goto(path);
      const expected = allowedPages[role].includes(path) ? 200 : 403;
      expect(res?.status(), path).toBe(expected);
      if (expected === 403) await expect(page.getByRole('heading', { name: '403 · Not allowed' })).toBeVisible();
    }
  });
}

test('an unknown corpus is a 404 page', async ({ page, loginAs }) => {
  await loginAs('researcher');
  const res = await page.goto('/corpora/no-such-corpus');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 · Not found' })).toBeVisible();
});

test('an unknown user’s token page is a 404 page', async ({ page, loginAs }) => {
  await loginAs('admin');
  for (const path of ['/admin/users/2147483000/tokens', '/admin/users/not-a-number/tokens']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: '404 · Not found' })).toBeVisible();
  }
});
