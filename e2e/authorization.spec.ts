/**
 * Every route handler and every Server Action, enumerated from the code and the build
 * (support/app-surface.ts), is checked against its row in authorization-table.ts on the running
 * app, without mocks: a visitor gets 401 / "Sign in", a role outside the row 403 / "permission",
 * an allowed role passes the checks (and is refused only for its harmless input), and
 * owner-scoped resources are out of reach of other users. A handler or action without a row fails.
 *
 * "Signed out" here means a forged session cookie: it gets past the proxy (which only looks for
 * the cookie's presence), so each handler and action has to refuse by itself.
 */
import type { APIRequestContext, PlaywrightWorkerArgs } from '@playwright/test';
import { test, expect, demoEmail, type DemoRole } from './fixtures';
import { actionTable, allRoles, isPublic, routeTable, type OwnerRule } from './authorization-table';
import { listRouteHandlers, listServerActions, type RouteHandler } from './support/app-surface';
import { callServerAction } from './support/server-actions';
import { storageStateFor } from './support/session';

const forgedSession = { cookie: 'authjs.session-token=forged-or-expired' };

function requestRoute(
  request: APIRequestContext,
  baseURL: string,
  route: RouteHandler,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
) {
  return request.fetch(path, {
    method: route.method,
    headers: { origin: baseURL, ...headers },
    ...(body === undefined ? {} : { data: body }),
    maxRedirects: 0,
  });
}

test('every route handler and Server Action has a row in the authorization table', () => {
  const routes = listRouteHandlers().map((r) => r.key);
  const actions = listServerActions().map((a) => a.name);
  expect(actions, 'the build lists the sign-in action: is .next built?').toContain('signInAction');
  expect(
    routes.filter((key) => !(key in routeTable)),
    'route handlers without a row in e2e/authorization-table.ts',
  ).toEqual([]);
  expect(
    actions.filter((name) => !(name in actionTable)),
    'Server Actions without a row in e2e/authorization-table.ts',
  ).toEqual([]);
  expect(
    Object.keys(routeTable).filter((key) => !routes.includes(key)),
    'rows for route handlers that no longer exist',
  ).toEqual([]);
  expect(
    Object.keys(actionTable).filter((name) => !actions.includes(name)),
    'rows for Server Actions that no longer exist',
  ).toEqual([]);
  const unscoped = Object.entries(routeTable).filter(
    ([key, row]) => key.includes('[') && !key.includes('[...') && row.owner.kind === 'none',
  );
  expect(
    unscoped.map(([key]) => key),
    'routes with a parameter must say whose resource it names (shared or owned)',
  ).toEqual([]);
});

test('signed out: every route answers 401 and every Server Action "Sign in", public ones excepted', async ({
  request,
  baseURL,
}) => {
  for (const route of listRouteHandlers()) {
    const row = routeTable[route.key];
    if (!row) continue; // reported by the first test
    const res = await requestRoute(request, baseURL!, route, row.path, row.body, forgedSession);
    if (isPublic(row.roles)) {
      expect.soft(res.status(), `${route.key} is public`).toBe(row.allowedStatus);
      continue;
    }
    expect.soft(res.status(), route.key).toBe(401);
    if (res.status() === 401) expect.soft(await res.json(), route.key).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
  }
  for (const action of listServerActions()) {
    const row = actionTable[action.name];
    if (!row || isPublic(row.roles)) continue;
    const result = await callServerAction(request, baseURL!, action.id, row.args, forgedSession);
    expect.soft(result, action.name).toEqual({ ok: false, error: expect.stringMatching(/^Sign in/) as unknown });
  }
});

for (const role of allRoles) {
  test(`${role}: routes and Server Actions outside the role are refused, the others pass the checks`, async ({
    page,
    loginAs,
    baseURL,
  }) => {
    await loginAs(role);
    for (const route of listRouteHandlers()) {
      const row = routeTable[route.key];
      if (!row || isPublic(row.roles)) continue;
      const res = await requestRoute(page.request, baseURL!, route, row.path, row.body);
      expect.soft(res.status(), route.key).toBe(row.roles.includes(role) ? row.allowedStatus : 403);
    }
    for (const action of listServerActions()) {
      const row = actionTable[action.name];
      if (!row || isPublic(row.roles)) continue;
      const result = await callServerAction(page.request, baseURL!, action.id, row.args);
      const error = row.roles.includes(role) ? row.allowedError : 'You do not have permission to do this.';
      expect.soft(result, action.name).toMatchObject({ ok: false, error });
    }
  });
}

type OwnedRule = Extract<OwnerRule, { kind: 'owned' }>;
const ownedRows = [
  ...Object.entries(routeTable).flatMap(([key, row]) =>
    row.owner.kind === 'owned' ? [{ key, owner: row.owner, route: true }] : [],
  ),
  ...Object.entries(actionTable).flatMap(([key, row]) =>
    row.owner.kind === 'owned' ? [{ key, owner: row.owner, route: false }] : [],
  ),
] satisfies Array<{ key: string; owner: OwnedRule; route: boolean }>;

/** Plain HTTP as `role`, signed in by its session cookie (support/session.ts): no browser page. */
async function requestAs(
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  role: DemoRole,
): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL, storageState: await storageStateFor(baseURL, demoEmail(role)) });
}

// One test per owned row, so the rows run side by side; each makes its own resource as the admin.
test.describe("another owner's resource is out of reach", () => {
  if (ownedRows.length === 0)
    test('no owner-scoped resources yet', () => {
      test.skip(true, 'import jobs and corpora are shared (see the owner rules in the table)');
    });
  for (const { key, owner, route } of ownedRows) {
    test(`${key} as ${owner.as}`, async ({ playwright, baseURL }) => {
      const admin = await requestAs(playwright, baseURL!, 'admin');
      const other = await requestAs(playwright, baseURL!, owner.as);
      const target = await owner.setup(admin, baseURL!);
      if (route) {
        const handler = listRouteHandlers().find((r) => r.key === key)!;
        const path = target.path ?? routeTable[key]!.path;
        const res = await requestRoute(other, baseURL!, handler, path, target.body ?? routeTable[key]!.body);
        expect.soft(res.status(), `${key} as ${owner.as}`).toBe(owner.expect.status);
        if (owner.expect.error)
          expect.soft(await res.json(), `${key} as ${owner.as}`).toMatchObject({ error: { message: owner.expect.error } });
      } else {
        const action = listServerActions().find((a) => a.name === key)!;
        const result = await callServerAction(other, baseURL!, action.id, target.args ?? actionTable[key]!.args);
        expect.soft(result, `${key} as ${owner.as}`).toMatchObject({ ok: false, error: owner.expect.error });
      }
      await Promise.all([admin.dispose(), other.dispose()]);
    });
  }
});
