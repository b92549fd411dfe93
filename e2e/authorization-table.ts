/**
 * Who may call each route handler and each Server Action, and how to call it without side
 * effects. e2e/authorization.spec.ts enumerates the handlers and actions from the code and the
 * build and fails for any that has no row here (and for rows that match nothing), so a new route
 * or action cannot ship without saying who may use it.
 */
import type { APIRequestContext } from '@playwright/test';
import type { DemoRole } from './fixtures';

export const allRoles: readonly DemoRole[] = ['annotator', 'researcher', 'admin'];
const staff: readonly DemoRole[] = ['researcher', 'admin'];
const admins: readonly DemoRole[] = ['admin'];

/**
 * Whose resource a call addresses:
 * - `none`: no per-owner resource in the request;
 * - `shared`: it names a resource, but every allowed role may reach every such resource (say why);
 * - `owned`: signed in as an admin, `setup` makes a resource that `as` must not reach, and returns
 *   the URL (routes) or arguments (actions) that address it; `as` must get `expect` (for example a
 *   campaign the user is not a member of → 404 / "That campaign does not exist.").
 */
export type OwnerRule =
  | { kind: 'none' }
  | { kind: 'shared'; reason: string }
  | { kind: 'owned'; as: DemoRole; setup: (admin: APIRequestContext) => Promise<{ path?: string; args?: unknown[] }>; expect: { status?: number; error?: string } };

const none: OwnerRule = { kind: 'none' };
const sharedImports: OwnerRule = { kind: 'shared', reason: 'import jobs are shared by the researchers and admins of the corpora area' };
const sharedCampaigns: OwnerRule = { kind: 'shared', reason: 'every campaign is managed by the researchers and admins of the campaigns area' };
const sharedMining: OwnerRule = { kind: 'shared', reason: 'mining runs are shared by the researchers and admins of the mining area' };

export interface RouteRow {
  /** 'public' (with why) or the roles that may call it; every other role must get 403, a visitor 401 */
  roles: readonly DemoRole[] | { public: string };
  /** a URL that exercises the handler without changing anything */
  path: string;
  body?: string;
  /** the status an allowed caller (or, for public routes, a visitor) gets for `path` */
  allowedStatus: number;
  owner: OwnerRule;
}

/** Keyed "METHOD /pattern" as in app/ (route groups removed). */
export const routeTable: Record<string, RouteRow> = {
  'GET /api/health': { roles: { public: 'liveness check for operators and the start-up script' }, path: '/api/health', allowedStatus: 200, owner: none },
  'GET /api/auth/[...nextauth]': { roles: { public: 'Auth.js: session, providers, CSRF token' }, path: '/api/auth/session', allowedStatus: 200, owner: none },
  'POST /api/auth/[...nextauth]': { roles: { public: 'Auth.js: sign-in and sign-out (CSRF-protected)' }, path: '/api/auth/signout', allowedStatus: 302, owner: none },
  'GET /api/corpora': { roles: staff, path: '/api/corpora', allowedStatus: 200, owner: none },
  'POST /api/corpora/[slug]/imports': {
    roles: staff,
    path: '/api/corpora/no-such-corpus/imports?fileName=pairs.tsv',
    body: 'id\tsentence1\tsentence2\tlabel\n',
    allowedStatus: 404,
    owner: { kind: 'shared', reason: 'every corpus is open to the corpora area' },
  },
  'GET /api/imports/[id]': { roles: staff, path: '/api/imports/2147483000', allowedStatus: 404, owner: sharedImports },
  'GET /api/imports/[id]/rejects': { roles: staff, path: '/api/imports/2147483000/rejects', allowedStatus: 404, owner: sharedImports },
  'GET /api/users': { roles: admins, path: '/api/users', allowedStatus: 200, owner: none },
  'POST /api/v1/campaigns/preview': { roles: staff, path: '/api/v1/campaigns/preview', body: '{"corpora":["no-such-corpus"],"sample":{"strategy":"all"}}', allowedStatus: 400, owner: none },
  'GET /api/v1/mining-runs': { roles: staff, path: '/api/v1/mining-runs', allowedStatus: 200, owner: none },
  'GET /api/v1/mining-runs/[id]': { roles: staff, path: '/api/v1/mining-runs/2147483000', allowedStatus: 404, owner: sharedMining },
};

export interface ActionRow {
  roles: readonly DemoRole[] | { public: string };
  /** arguments an allowed caller sends; they must be refused after the role check, changing nothing */
  args: unknown[];
  /** the error an allowed caller gets for `args` */
  allowedError: string;
  owner: OwnerRule;
}

const invalid = 'Please correct the highlighted fields.';

/** Keyed by the action's exported name (unique across lib/actions). */
export const actionTable: Record<string, ActionRow> = {
  signInAction: { roles: { public: 'signing in is what establishes a role' }, args: [], allowedError: '', owner: none },
  signOutAction: { roles: { public: 'signing out needs no role' }, args: [], allowedError: '', owner: none },
  createCorpusAction: { roles: staff, args: [{}], allowedError: invalid, owner: none },
  startImportAction: { roles: staff, args: [{ jobId: 2147483000 }], allowedError: 'That import does not exist.', owner: sharedImports },
  cancelImportAction: { roles: staff, args: [{ jobId: 2147483000 }], allowedError: 'That import does not exist.', owner: sharedImports },
  createUserAction: { roles: admins, args: [{}], allowedError: invalid, owner: none },
  setUserRoleAction: { roles: admins, args: [{ userId: 2147483000, role: 'ADMIN' }], allowedError: 'That user does not exist.', owner: none },
  resetPasswordAction: { roles: admins, args: [{ userId: 2147483000 }], allowedError: 'That user does not exist.', owner: none },
  setUserActiveAction: { roles: admins, args: [{ userId: 2147483000, isActive: 'true' }], allowedError: 'That user does not exist.', owner: none },
  changeCampaignStatusAction: { roles: staff, args: [{ slug: 'no-such-campaign', from: 'DRAFT', to: 'ACTIVE' }], allowedError: 'No such campaign.', owner: sharedCampaigns },
  addCampaignMemberAction: { roles: staff, args: [{ slug: 'no-such-campaign', userId: 2147483000 }], allowedError: 'No such campaign.', owner: sharedCampaigns },
  removeCampaignMemberAction: { roles: staff, args: [{ slug: 'no-such-campaign', userId: 2147483000 }], allowedError: 'No such campaign.', owner: sharedCampaigns },
};

export const isPublic = (roles: RouteRow['roles']): roles is { public: string } => 'public' in roles;
