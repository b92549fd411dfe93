/**
 * The health check, and unknown resources → the 404 page. Who may see each page is checked by
 * every-page.spec.ts (from the table e2e/pages.ts, which covers every app/**\/page.tsx); route
 * handlers and Server Actions by authorization.spec.ts, enumerated from the code.
 */
import { test, expect } from './fixtures';

test('the health check is public', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  // which instance and process answered, and its files folder (PARALENS_HOME here), for a proxy's checks
  expect(await res.json()).toEqual({
    ok: true,
    database: 'up',
    instance: expect.any(String),
    pid: expect.any(Number),
    files: { path: expect.any(String), shared: false, ok: true, reason: null },
  });
});

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
