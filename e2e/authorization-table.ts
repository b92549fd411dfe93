/**
 * Who may call each route handler and each Server Action, and how to call it without side
 * effects. e2e/authorization.spec.ts enumerates the handlers and actions from the code and the
 * build and fails for any that has no row here (and for rows that match nothing), so a new route
 * or action cannot ship without saying who may use it. Longer than 300 lines on purpose (an
 * exception in eslint.config.mjs): one table of every route and action reads better than several.
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
 *   the URL and body (routes) or arguments (actions) that address it; `as` must get `expect` (for
 *   example a campaign the user is not a member of → 404 / "That campaign does not exist."; for a
 *   route, `error` is the message of its JSON error).
 */
export type OwnerRule =
  | { kind: 'none' }
  | { kind: 'shared'; reason: string }
  | {
      kind: 'owned';
      as: DemoRole;
      setup: (admin: APIRequestContext, baseURL: string) => Promise<{ path?: string; body?: string; args?: unknown[] }>;
      expect: { status?: number; error?: string };
    };

const none: OwnerRule = { kind: 'none' };
/** A name part no other test makes at the same moment (the owned rows run as tests side by side). */
const unique = (): string => `${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
const sharedImports: OwnerRule = {
  kind: 'shared',
  reason: 'import jobs are shared by the researchers and admins of the corpora area',
};
const sharedCampaigns: OwnerRule = {
  kind: 'shared',
  reason: 'every campaign is managed by the researchers and admins of the campaigns area',
};
const sharedMining: OwnerRule = {
  kind: 'shared',
  reason: 'mining runs are shared by the researchers and admins of the mining area',
};
const sharedDashboards: OwnerRule = {
  kind: 'shared',
  reason: 'researchers and admins read the dashboards of every corpus and campaign (annotators pseudonymous)',
};
const sharedModels: OwnerRule = { kind: 'shared', reason: 'the model folder is the installation’s, shared by its admins' };
const sharedAccounts: OwnerRule = { kind: 'shared', reason: 'the accounts are the installation’s, managed by every admin' };
const sharedAudit: OwnerRule = { kind: 'shared', reason: 'the audit log is the installation’s, read by every admin' };
const sharedCorpora: OwnerRule = {
  kind: 'shared',
  reason: 'every corpus, with its user measures, is open to the researchers and admins of the corpora area',
};
const sharedEndpoints: OwnerRule = {
  kind: 'shared',
  reason: 'model endpoints are the installation’s: admins manage them, researchers choose among them',
};
const sharedModelRuns: OwnerRule = {
  kind: 'shared',
  reason: 'model runs belong to their campaign, which every researcher and admin of the campaigns area manages',
};
const sharedScoring: OwnerRule = {
  kind: 'shared',
  reason: 'scoring jobs and semantic sets belong to corpora, which are open to the corpora area',
};

/** An active campaign the admin creates (the annotator is no member): its annotation routes are out of the annotator's reach. */
async function adminCampaign(admin: APIRequestContext, baseURL: string, members: string[] = []): Promise<{ id: number }> {
  const res = await admin.post('/api/v1/campaigns', {
    headers: { origin: baseURL },
    data: {
      name: `Authorization ${Date.now()} ${Math.random()}`,
      corpora: ['wikipedia-ipc-paper-examples'],
      sample: { strategy: 'random', size: 1 },
      questions: ['semantic'],
      members,
      status: 'active',
    },
  });
  if (res.status() !== 201) throw new Error(`creating the campaign answered ${res.status()}: ${await res.text()}`);
  return (await res.json()) as { id: number };
}

const notTheirCampaign = (suffix: string): OwnerRule => ({
  kind: 'owned',
  as: 'annotator',
  setup: async (admin, baseURL) => ({ path: `/api/v1/campaigns/${(await adminCampaign(admin, baseURL)).id}${suffix}` }),
  expect: { status: 404 },
});

/** An export the admin queues (of a demo corpus): its status, file, rerun and delete are the admin's alone. */
async function adminExport(admin: APIRequestContext, baseURL: string): Promise<number> {
  const res = await admin.post('/api/v1/exports', {
    headers: { origin: baseURL },
    data: { scope: 'corpus', slug: 'wikipedia-ipc-paper-examples', format: 'jsonl', include: ['texts'] },
  });
  if (res.status() !== 202) throw new Error(`starting the export answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { jobId: number }).jobId;
}

const notTheirExport = (suffix: string): OwnerRule => ({
  kind: 'owned',
  as: 'researcher',
  setup: async (admin, baseURL) => ({ path: `/api/exports/${await adminExport(admin, baseURL)}${suffix}` }),
  expect: { status: 404 },
});

/**
 * Deleting needs an admin or the creator: a researcher who did not create the corpus or campaign
 * gets 403 (a demo corpus has no creator; the campaign the setup makes uses it, so a broken check
 * would still be refused, with 409).
 */
const notTheirsToDelete = (path: (campaignId: number) => string): OwnerRule => ({
  kind: 'owned',
  as: 'researcher',
  setup: async (admin, baseURL) => ({ path: path((await adminCampaign(admin, baseURL)).id) }),
  expect: { status: 403 },
});

/** A corpus upload the admin leaves waiting for its start (one for every row that needs one). */
let adminWaitingUpload: Promise<number> | null = null;
async function uploadAsAdmin(admin: APIRequestContext, baseURL: string): Promise<number> {
  const res = await admin.post(`/api/corpora/wikipedia-ipc-paper-examples/imports?fileName=authz-${unique()}.tsv`, {
    headers: { origin: baseURL },
    data: 'id\tsentence1\tsentence2\n1\tA dog runs.\tA dog is running.\n',
  });
  if (res.status() !== 200) throw new Error(`uploading answered ${res.status()}: ${await res.text()}`);
  return ((await res.json()) as { jobId: number }).jobId;
}
const adminUpload = (admin: APIRequestContext, baseURL: string) => (adminWaitingUpload ??= uploadAsAdmin(admin, baseURL));

const NOT_YOUR_IMPORT =
  'This import was uploaded by another user: only they or an admin may preview, start, cancel or dismiss it.';

/** Previewing, starting, completing, cancelling or dismissing an upload is its uploader's or an admin's. */
const notTheirUpload = (path: (jobId: number) => string, error?: string): OwnerRule => ({
  kind: 'owned',
  as: 'researcher',
  setup: async (admin, baseURL) => ({ path: path(await adminUpload(admin, baseURL)) }),
  expect: { status: 403, ...(error ? { error } : {}) },
});

/** A mining run the admin starts (on a dump it uploads) and cancels at once: it is the admin's to resume or re-target. */
async function adminMiningRun(admin: APIRequestContext, baseURL: string): Promise<{ id: number; dump: string }> {
  const uploaded = await admin.post(`/api/mining-dumps?fileName=authz-${unique()}.xml`, {
    headers: { origin: baseURL },
    data: '<mediawiki></mediawiki>\n',
  });
  if (uploaded.status() !== 200) throw new Error(`uploading the dump answered ${uploaded.status()}: ${await uploaded.text()}`);
  const dump = ((await uploaded.json()) as { name: string }).name;
  const started = await admin.post('/api/v1/mining-runs', {
    headers: { origin: baseURL },
    data: { dump, corpus: 'Authorization' },
  });
  if (started.status() !== 202) throw new Error(`starting the run answered ${started.status()}: ${await started.text()}`);
  const { id } = ((await started.json()) as { run: { id: number } }).run;
  await admin.post(`/api/v1/mining-runs/${id}/cancel`, { headers: { origin: baseURL } });
  // a run the job supervisor had claimed stops after a moment: wait for it, so it is stopped, not running
  for (let tries = 0; tries < 50; tries++) {
    const run = (await (await admin.get(`/api/v1/mining-runs/${id}`)).json()) as { status: string };
    if (run.status !== 'RUNNING' && run.status !== 'QUEUED') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { id, dump };
}

const notTheirRun = (suffix: string): OwnerRule => ({
  kind: 'owned',
  as: 'researcher',
  setup: async (admin, baseURL) => ({ path: `/api/v1/mining-runs/${(await adminMiningRun(admin, baseURL)).id}${suffix}` }),
  expect: { status: 403 },
});

/** A user measure the admin imports into the demo corpus: only the admin may replace or delete it. */
async function adminMeasure(admin: APIRequestContext, baseURL: string): Promise<{ name: string; body: string }> {
  const pairs = await admin.get('/api/v1/pairs?corpus=wikipedia-ipc-paper-examples&limit=1', { headers: { origin: baseURL } });
  const pairId = ((await pairs.json()) as { pairs: Array<{ id: number }> }).pairs[0]!.id;
  const name = `authz_${unique()}`;
  const body = JSON.stringify({
    format: 'csv',
    map: 'id=pair_id',
    measures: `${name}=score`,
    content: `pair_id,score\n${pairId},1\n`,
  });
  const res = await admin.post('/api/v1/corpora/wikipedia-ipc-paper-examples/measures', {
    headers: { origin: baseURL, 'content-type': 'application/json' },
    data: body,
  });
  if (res.status() !== 200) throw new Error(`importing the measure answered ${res.status()}: ${await res.text()}`);
  return { name, body };
}

const submission = JSON.stringify({ submissionId: 'authorization-table-0001', pairId: 2147483000, answers: { semantic: 1 } });

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
  'GET /api/health': {
    roles: { public: 'liveness check for operators and the start-up script' },
    path: '/api/health',
    allowedStatus: 200,
    owner: none,
  },
  'GET /api/auth/[...nextauth]': {
    roles: { public: 'Auth.js: session, providers, CSRF token' },
    path: '/api/auth/session',
    allowedStatus: 200,
    owner: none,
  },
  'POST /api/auth/[...nextauth]': {
    roles: { public: 'Auth.js: sign-in and sign-out (CSRF-protected)' },
    path: '/api/auth/signout',
    allowedStatus: 302,
    owner: none,
  },
  // every corpus is open to the corpora area; a waiting upload's questions file is its uploader's to send
  'POST /api/corpora/[slug]/imports': {
    roles: staff,
    path: '/api/corpora/no-such-corpus/imports?fileName=pairs.tsv',
    body: 'id\tsentence1\tsentence2\tlabel\n',
    allowedStatus: 404,
    owner: notTheirUpload((id) => `/api/corpora/wikipedia-ipc-paper-examples/imports?fileName=q.tsv&questionsFor=${id}`),
  },
  'GET /api/imports/[id]': { roles: staff, path: '/api/imports/2147483000', allowedStatus: 404, owner: sharedImports },
  'GET /api/v1/imports/[id]/preview': {
    roles: staff,
    path: '/api/v1/imports/2147483000/preview',
    allowedStatus: 404,
    owner: notTheirUpload((id) => `/api/v1/imports/${id}/preview`),
  },
  'POST /api/v1/imports/[id]/start': {
    roles: staff,
    path: '/api/v1/imports/2147483000/start',
    body: '{"skipInvalid":false}',
    allowedStatus: 404,
    owner: notTheirUpload((id) => `/api/v1/imports/${id}/start`),
  },
  'POST /api/v1/imports/[id]/cancel': {
    roles: staff,
    path: '/api/v1/imports/2147483000/cancel',
    allowedStatus: 404,
    owner: notTheirUpload((id) => `/api/v1/imports/${id}/cancel`, NOT_YOUR_IMPORT),
  },
  'POST /api/v1/corpora': { roles: staff, path: '/api/v1/corpora', body: '{}', allowedStatus: 400, owner: none },
  'PUT /api/v1/corpora/[slug]/language': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/language',
    body: '{"language":"es"}',
    allowedStatus: 404,
    owner: { kind: 'shared', reason: 'every corpus is open to the corpora area' },
  },
  'POST /api/v1/exports': {
    roles: staff,
    path: '/api/v1/exports',
    body: '{"scope":"corpus","slug":"no-such-corpus","format":"jsonl","include":["texts"]}',
    allowedStatus: 404,
    owner: {
      kind: 'shared',
      reason: 'every corpus and campaign may be exported by the researchers and admins (the job then belongs to its creator)',
    },
  },
  'POST /api/v1/exports/[id]/rerun': {
    roles: staff,
    path: '/api/v1/exports/2147483000/rerun',
    allowedStatus: 404,
    owner: {
      kind: 'owned',
      as: 'researcher',
      setup: async (admin, baseURL) => ({ path: `/api/v1/exports/${await adminExport(admin, baseURL)}/rerun` }),
      expect: { status: 404 },
    },
  },
  'DELETE /api/v1/exports/[id]': {
    roles: staff,
    path: '/api/v1/exports/2147483000',
    allowedStatus: 404,
    owner: {
      kind: 'owned',
      as: 'researcher',
      setup: async (admin, baseURL) => ({ path: `/api/v1/exports/${await adminExport(admin, baseURL)}` }),
      expect: { status: 404 },
    },
  },
  'POST /api/v1/corpora/[slug]/scoring-jobs': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/scoring-jobs',
    body: '{"measures":["wordnet"]}',
    allowedStatus: 404,
    owner: sharedScoring,
  },
  'POST /api/v1/corpora/[slug]/complete-measures': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/complete-measures',
    allowedStatus: 404,
    owner: sharedScoring,
  },
  'POST /api/v1/scoring-jobs/[id]/cancel': {
    roles: staff,
    path: '/api/v1/scoring-jobs/2147483000/cancel',
    allowedStatus: 404,
    owner: sharedScoring,
  },
  'PUT /api/v1/corpora/[slug]/semantic-set': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/semantic-set',
    body: '{"measures":["st"]}',
    allowedStatus: 404,
    owner: sharedScoring,
  },
  'GET /api/imports/[id]/rejects': {
    roles: staff,
    path: '/api/imports/2147483000/rejects',
    allowedStatus: 404,
    owner: sharedImports,
  },
  'GET /api/scoring-jobs/[id]': { roles: staff, path: '/api/scoring-jobs/2147483000', allowedStatus: 404, owner: sharedScoring },
  'GET /api/exports/[id]': { roles: staff, path: '/api/exports/2147483000', allowedStatus: 404, owner: notTheirExport('') },
  'GET /api/exports/[id]/file': {
    roles: staff,
    path: '/api/exports/2147483000/file',
    allowedStatus: 404,
    owner: notTheirExport('/file'),
  },
  'GET /api/v1/models/[name]': { roles: admins, path: '/api/v1/models/no-such-model', allowedStatus: 404, owner: sharedModels },
  'POST /api/v1/models/[name]/install': {
    roles: admins,
    path: '/api/v1/models/no-such-model/install',
    allowedStatus: 404,
    owner: sharedModels,
  },
  'POST /api/v1/campaigns/preview': {
    roles: staff,
    path: '/api/v1/campaigns/preview',
    body: '{"corpora":["no-such-corpus"],"sample":{"strategy":"all"}}',
    allowedStatus: 400,
    owner: none,
  },
  'GET /api/v1/corpora/[slug]/map': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/map',
    allowedStatus: 404,
    owner: sharedDashboards,
  },
  'GET /api/v1/corpora/[slug]/correlations': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/correlations',
    allowedStatus: 404,
    owner: sharedDashboards,
  },
  'GET /api/v1/corpora/[slug]/thresholds': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/thresholds?measure=st',
    allowedStatus: 404,
    owner: sharedDashboards,
  },
  'GET /api/v1/corpora/[slug]/distributions': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/distributions?by=reference',
    allowedStatus: 404,
    owner: sharedDashboards,
  },
  'GET /api/v1/campaigns/[id]/distributions': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/distributions?question=paraphraseLoose',
    allowedStatus: 404,
    owner: sharedDashboards,
  },
  'GET /api/v1/corpora/[slug]/measures': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/measures',
    allowedStatus: 404,
    owner: sharedCorpora,
  },
  // a measure of the same name is replaced only by its importer or an admin
  'POST /api/v1/corpora/[slug]/measures': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/measures',
    body: '{"format":"csv","map":"id=pair_id","measures":"model=score","content":"pair_id,score\\n2147483000,1\\n"}',
    allowedStatus: 404,
    owner: {
      kind: 'owned',
      as: 'researcher',
      setup: async (admin, baseURL) => ({
        path: '/api/v1/corpora/wikipedia-ipc-paper-examples/measures',
        body: (await adminMeasure(admin, baseURL)).body,
      }),
      expect: { status: 403 },
    },
  },
  'DELETE /api/v1/corpora/[slug]/measures/[name]': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus/measures/model',
    allowedStatus: 404,
    owner: {
      kind: 'owned',
      as: 'researcher',
      setup: async (admin, baseURL) => ({
        path: `/api/v1/corpora/wikipedia-ipc-paper-examples/measures/${(await adminMeasure(admin, baseURL)).name}`,
      }),
      expect: { status: 403 },
    },
  },
  'GET /api/v1/campaigns/[id]/map': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/map',
    allowedStatus: 404,
    owner: sharedDashboards,
  },
  'GET /api/v1/campaigns/[id]/agreement': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/agreement',
    allowedStatus: 404,
    owner: sharedDashboards,
  },
  'GET /api/v1/campaigns/[id]/correlations': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/correlations',
    allowedStatus: 404,
    owner: sharedDashboards,
  },
  'GET /api/v1/model-endpoints': { roles: staff, path: '/api/v1/model-endpoints', allowedStatus: 200, owner: sharedEndpoints },
  // a name that breaks the rules: refused before anything is stored (400)
  'POST /api/v1/model-endpoints': {
    roles: admins,
    path: '/api/v1/model-endpoints',
    body: '{"name":"Not A Name!","url":"http://127.0.0.1:9"}',
    allowedStatus: 400,
    owner: sharedEndpoints,
  },
  'GET /api/v1/model-endpoints/[id]': {
    roles: staff,
    path: '/api/v1/model-endpoints/no-such-endpoint',
    allowedStatus: 404,
    owner: sharedEndpoints,
  },
  'PATCH /api/v1/model-endpoints/[id]': {
    roles: admins,
    path: '/api/v1/model-endpoints/no-such-endpoint',
    body: '{"concurrency":2}',
    allowedStatus: 404,
    owner: sharedEndpoints,
  },
  'DELETE /api/v1/model-endpoints/[id]': {
    roles: admins,
    path: '/api/v1/model-endpoints/no-such-endpoint',
    allowedStatus: 404,
    owner: sharedEndpoints,
  },
  'GET /api/v1/model-endpoints/[id]/models': {
    roles: staff,
    path: '/api/v1/model-endpoints/no-such-endpoint/models',
    allowedStatus: 404,
    owner: sharedEndpoints,
  },
  'GET /api/v1/campaigns/[id]/model-runs': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/model-runs',
    allowedStatus: 404,
    owner: sharedModelRuns,
  },
  'POST /api/v1/campaigns/[id]/model-runs': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/model-runs',
    body: '{"endpoint":"no-such-endpoint","model":"m"}',
    allowedStatus: 404,
    owner: sharedModelRuns,
  },
  'GET /api/v1/campaigns/[id]/model-runs/compare': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/model-runs/compare?question=semantic',
    allowedStatus: 404,
    owner: sharedModelRuns,
  },
  'GET /api/v1/campaigns/[id]/model-prompt': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/model-prompt',
    allowedStatus: 404,
    owner: sharedModelRuns,
  },
  'GET /api/v1/model-runs/[id]': {
    roles: staff,
    path: '/api/v1/model-runs/2147483000',
    allowedStatus: 404,
    owner: sharedModelRuns,
  },
  'DELETE /api/v1/model-runs/[id]': {
    roles: staff,
    path: '/api/v1/model-runs/2147483000',
    allowedStatus: 404,
    owner: sharedModelRuns,
  },
  'GET /api/v1/model-runs/[id]/answers': {
    roles: staff,
    path: '/api/v1/model-runs/2147483000/answers',
    allowedStatus: 404,
    owner: sharedModelRuns,
  },
  'GET /api/v1/model-runs/[id]/report': {
    roles: staff,
    path: '/api/v1/model-runs/2147483000/report',
    allowedStatus: 404,
    owner: sharedModelRuns,
  },
  'POST /api/v1/model-runs/[id]/cancel': {
    roles: staff,
    path: '/api/v1/model-runs/2147483000/cancel',
    allowedStatus: 404,
    owner: sharedModelRuns,
  },
  'POST /api/v1/model-runs/[id]/resume': {
    roles: staff,
    path: '/api/v1/model-runs/2147483000/resume',
    allowedStatus: 404,
    owner: sharedModelRuns,
  },
  'GET /api/v1/mining-runs': { roles: staff, path: '/api/v1/mining-runs', allowedStatus: 200, owner: none },
  'GET /api/v1/mining-runs/[id]': {
    roles: staff,
    path: '/api/v1/mining-runs/2147483000',
    allowedStatus: 404,
    owner: sharedMining,
  },
  'GET /api/v1/mining-dumps': { roles: staff, path: '/api/v1/mining-dumps', allowedStatus: 200, owner: none },
  // a file that is no dump: refused and removed (400)
  'POST /api/mining-dumps': {
    roles: staff,
    path: '/api/mining-dumps?fileName=authorization.xml',
    body: 'not a dump\n',
    allowedStatus: 400,
    owner: none,
  },
  // a name outside the dumps listing: refused before anything is written (400); starting a dump
  // whose stopped run is another's would continue (re-target) that run: its creator's or an admin's
  'POST /api/v1/mining-runs': {
    roles: staff,
    path: '/api/v1/mining-runs',
    body: '{"dump":"../../etc/passwd","corpus":"Authorization"}',
    allowedStatus: 400,
    owner: {
      kind: 'owned',
      as: 'researcher',
      setup: async (admin, baseURL) => ({
        body: JSON.stringify({ dump: (await adminMiningRun(admin, baseURL)).dump, corpus: 'Re-targeted' }),
      }),
      expect: { status: 403 },
    },
  },
  'POST /api/v1/mining-runs/[id]/cancel': {
    roles: staff,
    path: '/api/v1/mining-runs/2147483000/cancel',
    allowedStatus: 404,
    owner: notTheirRun('/cancel'),
  },
  'POST /api/v1/mining-runs/[id]/resume': {
    roles: staff,
    path: '/api/v1/mining-runs/2147483000/resume',
    allowedStatus: 404,
    owner: notTheirRun('/resume'),
  },
  'POST /api/v1/campaigns': { roles: staff, path: '/api/v1/campaigns', body: '{}', allowedStatus: 400, owner: none },
  'GET /api/v1/campaigns/[id]': {
    roles: allRoles,
    path: '/api/v1/campaigns/no-such-campaign',
    allowedStatus: 404,
    owner: notTheirCampaign(''),
  },
  'PATCH /api/v1/campaigns/[id]': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign',
    body: '{"archived":true}',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'DELETE /api/v1/campaigns/[id]': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign',
    allowedStatus: 404,
    owner: notTheirsToDelete((id) => `/api/v1/campaigns/${id}`),
  },
  'PATCH /api/v1/campaigns/[id]/wording': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/wording',
    body: '{"basedOn":1,"guidelines":"","questions":[{"key":"semantic","type":"likert","label":"Meaning","required":true}]}',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  // the campaign page's controls: a campaign that does not exist answers 404 after the role check
  'POST /api/v1/campaigns/[id]/status': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/status',
    body: '{"from":"DRAFT","to":"ACTIVE"}',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'PUT /api/v1/campaigns/[id]/members/[userId]': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/members/2147483000',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'DELETE /api/v1/campaigns/[id]/members/[userId]': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/members/2147483000',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'PATCH /api/v1/campaigns/[id]/members/[userId]': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/members/2147483000',
    body: '{"excluded":true}',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'POST /api/v1/campaigns/[id]/redraw': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/redraw',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'PUT /api/v1/campaigns/[id]/quality': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/quality',
    body: '{"goldQuestions":null,"likertTolerance":1,"openSpread":2}',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'PUT /api/v1/campaigns/[id]/gold-rate': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/gold-rate',
    body: '{"goldEvery":5}',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'POST /api/v1/campaigns/[id]/clone': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/clone',
    body: '{"name":"A clone"}',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'PATCH /api/v1/corpora/[slug]': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus',
    body: '{"archived":true}',
    allowedStatus: 404,
    owner: sharedCorpora,
  },
  'DELETE /api/v1/corpora/[slug]': {
    roles: staff,
    path: '/api/v1/corpora/no-such-corpus',
    allowedStatus: 404,
    owner: notTheirsToDelete(() => '/api/v1/corpora/wikipedia-ipc-paper-examples'),
  },
  'POST /api/v1/jobs/[kind]/[id]/cancel': {
    roles: staff,
    path: '/api/v1/jobs/import/2147483000/cancel',
    allowedStatus: 404,
    // the admin's waiting upload: its uploader's or an admin's to cancel, as POST /api/v1/imports/{id}/cancel
    owner: notTheirUpload((id) => `/api/v1/jobs/import/${id}/cancel`, NOT_YOUR_IMPORT),
  },
  'POST /api/v1/jobs/[kind]/[id]/dismiss': {
    roles: staff,
    path: '/api/v1/jobs/import/2147483000/dismiss',
    allowedStatus: 404,
    // an import the admin uploaded and cancelled: its uploader's or an admin's to dismiss
    owner: {
      kind: 'owned',
      as: 'researcher',
      setup: async (admin, baseURL) => {
        const jobId = await uploadAsAdmin(admin, baseURL);
        const cancelled = await admin.post(`/api/v1/imports/${jobId}/cancel`, { headers: { origin: baseURL } });
        if (cancelled.status() !== 200) throw new Error(`cancelling answered ${cancelled.status()}: ${await cancelled.text()}`);
        return { path: `/api/v1/jobs/import/${jobId}/dismiss` };
      },
      expect: { status: 403 },
    },
  },
  'GET /api/v1/campaigns/[id]/next': {
    roles: allRoles,
    path: '/api/v1/campaigns/no-such-campaign/next',
    allowedStatus: 404,
    owner: notTheirCampaign('/next'),
  },
  'POST /api/v1/campaigns/[id]/skip': {
    roles: allRoles,
    path: '/api/v1/campaigns/no-such-campaign/skip',
    body: '{"pairId":2147483000}',
    allowedStatus: 404,
    owner: notTheirCampaign('/skip'),
  },
  'POST /api/v1/campaigns/[id]/annotations': {
    roles: allRoles,
    path: '/api/v1/campaigns/no-such-campaign/annotations',
    body: submission,
    allowedStatus: 404,
    owner: notTheirCampaign('/annotations'),
  },
  'GET /api/v1/campaigns/[id]/annotations': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/annotations',
    allowedStatus: 404,
    owner: { kind: 'shared', reason: 'researchers and admins read the answers of every campaign (pseudonymous)' },
  },
  'POST /api/v1/campaigns/[id]/gold': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/gold',
    body: '{"pairId":2147483000,"answers":{"semantic":1},"explanation":"x"}',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'POST /api/v1/campaigns/[id]/gold/file': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/gold/file',
    body: '{"format":"csv","map":"id=id,semantic=score,explanation=why","content":"id,score,why\\n2147483000,1,x\\n"}',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'POST /api/v1/campaigns/[id]/annotations/file': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/annotations/file',
    body: '{"format":"csv","map":"a=s1,b=s2,annotator=who,semantic=score","addPairs":"no-such-corpus","content":"s1,s2,who,score\\nA,B,x,1\\n"}',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'GET /api/v1/campaigns/[id]/compare': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/compare?question=paraphraseLoose&with=source',
    allowedStatus: 404,
    owner: sharedCampaigns,
  },
  'POST /api/v1/campaigns/[id]/adjudications': {
    roles: allRoles,
    path: '/api/v1/campaigns/no-such-campaign/adjudications',
    body: '{"pairId":2147483000,"answers":{"semantic":1}}',
    allowedStatus: 404,
    // an annotator who is not an adjudicator of the campaign is told it does not exist
    owner: notTheirCampaign('/adjudications'),
  },
  'GET /api/v1/campaigns/[id]/final': {
    roles: staff,
    path: '/api/v1/campaigns/no-such-campaign/final',
    allowedStatus: 404,
    owner: { kind: 'shared', reason: 'researchers and admins read the final labels of every campaign' },
  },
  'GET /api/v1/campaigns/[id]/annotations/mine': {
    roles: allRoles,
    path: '/api/v1/campaigns/no-such-campaign/annotations/mine',
    allowedStatus: 404,
    owner: notTheirCampaign('/annotations/mine'),
  },
  'GET /api/v1/pairs/[id]': {
    roles: allRoles,
    path: '/api/v1/pairs/2147483000',
    allowedStatus: 404,
    owner: {
      kind: 'owned',
      as: 'annotator',
      // a pair handed to the admin (a member of this campaign), never to the annotator
      setup: async (admin, baseURL) => {
        const campaign = await adminCampaign(admin, baseURL, ['admin@paralens.local']);
        const next = (await (
          await admin.get(`/api/v1/campaigns/${campaign.id}/next`, { headers: { origin: baseURL } })
        ).json()) as { pairId: number };
        return { path: `/api/v1/pairs/${next.pairId}` };
      },
      expect: { status: 404 },
    },
  },
  'GET /api/v1/audit': { roles: admins, path: '/api/v1/audit?limit=1', allowedStatus: 200, owner: sharedAudit },
  'GET /api/v1/openapi.json': { roles: allRoles, path: '/api/v1/openapi.json', allowedStatus: 200, owner: none },
  'GET /api/v1/corpora': { roles: staff, path: '/api/v1/corpora', allowedStatus: 200, owner: none },
  // session-only (docs/decisions/016): an API token gets 403 on these (lib/http/session-only-routes.db.test.ts)
  'POST /api/v1/tokens': { roles: allRoles, path: '/api/v1/tokens', body: '{}', allowedStatus: 400, owner: none },
  'DELETE /api/v1/tokens/[id]': {
    roles: allRoles,
    path: '/api/v1/tokens/2147483000',
    allowedStatus: 404,
    owner: {
      kind: 'owned',
      as: 'annotator',
      setup: async (admin, baseURL) => {
        const res = await admin.post('/api/v1/tokens', { headers: { origin: baseURL }, data: { name: 'owned by the admin' } });
        if (res.status() !== 201) throw new Error(`creating the token answered ${res.status()}: ${await res.text()}`);
        return { path: `/api/v1/tokens/${((await res.json()) as { id: number }).id}` };
      },
      expect: { status: 404, error: 'You have no active token with that id.' },
    },
  },
  'POST /api/v1/users': { roles: admins, path: '/api/v1/users', body: '{}', allowedStatus: 400, owner: none },
  'PUT /api/v1/users/[id]/role': {
    roles: admins,
    path: '/api/v1/users/2147483000/role',
    body: '{"role":"ADMIN"}',
    allowedStatus: 404,
    owner: sharedAccounts,
  },
  'POST /api/v1/users/[id]/password': {
    roles: admins,
    path: '/api/v1/users/2147483000/password',
    body: '{}',
    allowedStatus: 404,
    owner: sharedAccounts,
  },
  'PUT /api/v1/users/[id]/active': {
    roles: admins,
    path: '/api/v1/users/2147483000/active',
    body: '{"isActive":true}',
    allowedStatus: 404,
    owner: sharedAccounts,
  },
  'DELETE /api/v1/users/[id]/tokens/[tokenId]': {
    roles: admins,
    path: '/api/v1/users/2147483000/tokens/2147483000',
    allowedStatus: 404,
    owner: {
      kind: 'shared',
      reason:
        'admins manage every user’s tokens; a token named under another user than its owner is refused (e2e/admin-tokens.spec.ts)',
    },
  },
  'GET /api/v1/pairs': {
    roles: staff,
    path: '/api/v1/pairs?corpus=no-such-corpus',
    allowedStatus: 400,
    owner: { kind: 'shared', reason: 'every corpus is open to the explore area (researchers and admins)' },
  },
};

export interface ActionRow {
  roles: readonly DemoRole[] | { public: string };
  /** arguments an allowed caller sends; they must be refused after the role check, changing nothing */
  args: unknown[];
  /** the error an allowed caller gets for `args` */
  allowedError: string;
  owner: OwnerRule;
}

/** Keyed by the action's exported name (unique across lib/actions). */
export const actionTable: Record<string, ActionRow> = {
  signInAction: { roles: { public: 'signing in is what establishes a role' }, args: [], allowedError: '', owner: none },
  signOutAction: { roles: { public: 'signing out needs no role' }, args: [], allowedError: '', owner: none },
};

export const isPublic = (roles: RouteRow['roles']): roles is { public: string } => 'public' in roles;
