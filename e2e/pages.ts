/**
 * Who may see each page, and which URL of the demo seed shows it. e2e/pages.test.ts enumerates
 * app/**\/page.tsx and fails for a page without a row here (and for a row that names no page), so a
 * new page cannot ship without saying who may see it; e2e/every-page.spec.ts visits every row as
 * every role, checks the access and, where the role may see the page, its layout.
 *
 * A signed-out visitor is sent to the sign-in page from every page but that one. A signed-in role
 * outside `roles` gets the 403 page of the area, or the 404 page where the page hides that the
 * resource exists (`denied: 404`: a campaign the user is not a member of looks like no campaign).
 */
import type { DemoRole } from './fixtures';
import { allRoles } from './authorization-table';

export interface PageRow {
  /** the roles that see the page; 'public' for the sign-in page, which a signed-in user leaves for home */
  roles: readonly DemoRole[] | 'public';
  /** the URL to visit, dynamic segments filled from the demo seed (prisma/seed.ts) */
  path: string;
  /** what a signed-in role outside `roles` gets; 403 unless said */
  denied?: 403 | 404;
  /** the page only sends each role on (home): allowed means it ends on another page of the app */
  redirects?: true;
}

const staff: readonly DemoRole[] = ['researcher', 'admin'];
const admins: readonly DemoRole[] = ['admin'];
const members: readonly DemoRole[] = ['annotator'];

/** The seeded demo campaign (prisma/factories/demo-campaign.ts): the demo annotator is its one member. */
const campaign = 'paws-wiki-demo-study';
/** The PAWS-Wiki demo corpus, which the demo campaign samples. */
const corpus = 'paws-wiki-demo-sample';
const dashboard = `/dashboards/campaigns/${campaign}`;

export const pageTable: Record<string, PageRow> = {
  '/': { roles: allRoles, path: '/', redirects: true },
  '/login': { roles: 'public', path: '/login' },
  '/about': { roles: allRoles, path: '/about' },
  '/account/tokens': { roles: allRoles, path: '/account/tokens' },
  '/annotate': { roles: allRoles, path: '/annotate' },
  '/annotate/[campaign]': { roles: members, path: `/annotate/${campaign}`, denied: 404 },
  '/annotate/[campaign]/discussion': { roles: members, path: `/annotate/${campaign}/discussion`, denied: 404 },
  // researchers and admins adjudicate every campaign; an annotator only with the adjudicator role in it
  '/adjudicate/[campaign]': { roles: staff, path: `/adjudicate/${campaign}`, denied: 404 },
  '/corpora': { roles: staff, path: '/corpora' },
  '/corpora/[slug]': { roles: staff, path: `/corpora/${corpus}` },
  '/explore': { roles: staff, path: '/explore' },
  '/explore/pairs/[id]': { roles: staff, path: '/explore/pairs/1' },
  '/exports': { roles: staff, path: '/exports' },
  '/campaigns': { roles: staff, path: '/campaigns' },
  '/campaigns/new': { roles: staff, path: '/campaigns/new' },
  '/campaigns/[slug]': { roles: staff, path: `/campaigns/${campaign}` },
  '/campaigns/[slug]/model-runs/new': { roles: staff, path: `/campaigns/${campaign}/model-runs/new` },
  '/campaigns/[slug]/model-runs/compare': { roles: staff, path: `/campaigns/${campaign}/model-runs/compare` },
  // model run #1 is made by the e2e set-up (e2e/support/model-run-setup.ts) against a stand-in: the demo seed has none
  '/campaigns/[slug]/model-runs/[id]': { roles: staff, path: `/campaigns/${campaign}/model-runs/1` },
  '/campaigns/[slug]/model-runs/[id]/pairs': { roles: staff, path: `/campaigns/${campaign}/model-runs/1/pairs` },
  '/dashboards': { roles: staff, path: '/dashboards' },
  '/dashboards/distributions': { roles: staff, path: `/dashboards/distributions?corpus=${corpus}` },
  '/dashboards/judgements': { roles: staff, path: '/dashboards/judgements' },
  '/dashboards/maps': { roles: staff, path: `/dashboards/maps?corpus=${corpus}` },
  '/dashboards/maps/cell': { roles: staff, path: `/dashboards/maps/cell?corpus=${corpus}&cell=2,2` },
  '/dashboards/campaigns': { roles: staff, path: '/dashboards/campaigns' },
  '/dashboards/campaigns/[slug]': { roles: staff, path: dashboard },
  '/dashboards/campaigns/[slug]/cell': { roles: staff, path: `${dashboard}/cell?cell=2,2` },
  '/dashboards/campaigns/[slug]/compare': { roles: staff, path: `${dashboard}/compare` },
  '/dashboards/campaigns/[slug]/compare/pairs': {
    roles: staff,
    path: `${dashboard}/compare/pairs?question=paraphraseLoose&with=source&mine=yes&other=yes`,
  },
  '/dashboards/campaigns/[slug]/correlations': { roles: staff, path: `${dashboard}/correlations` },
  '/dashboards/campaigns/[slug]/distributions': { roles: staff, path: `${dashboard}/distributions` },
  '/dashboards/campaigns/[slug]/maps': { roles: staff, path: `${dashboard}/maps` },
  '/dashboards/campaigns/[slug]/relations': { roles: staff, path: `${dashboard}/relations` },
  '/mining': { roles: staff, path: '/mining' },
  '/admin/users': { roles: admins, path: '/admin/users' },
  // the first demo account's tokens (admins see every user's)
  '/admin/users/[id]/tokens': { roles: admins, path: '/admin/users/1/tokens' },
  '/admin/models': { roles: admins, path: '/admin/models' },
  '/admin/model-endpoints': { roles: admins, path: '/admin/model-endpoints' },
  '/admin/audit': { roles: admins, path: '/admin/audit' },
  '/admin/backups': { roles: admins, path: '/admin/backups' },
};
