/**
 * The annotation API over HTTP against the running app: every status code of the annotation routes, once with
 * the browser session (cookies of a signed-in page) and once with API tokens (one created on the
 * token page, one with `paralens token create`), plus token revocation.
 */
import { spawnSync } from 'node:child_process';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test, expect, demoEmail } from './fixtures';
import { sessionFor } from './support/api-session';
import { pageToken, tokenClient, unique } from './support/api-clients';
import { setting } from '../lib/config/settings';

const ALL_QUESTIONS = [
  'semantic',
  'syntactic',
  'paraphraseLoose',
  'paraphraseStrict',
  'relation',
  { key: 'rationale', required: false },
  { key: 'nli', type: 'choice', options: ['entailment', 'neutral', 'contradiction'], level: 'nominal' },
];
const ANSWERS = {
  semantic: 3,
  syntactic: 2,
  paraphraseLoose: true,
  paraphraseStrict: false,
  relation: 'forward',
  nli: 'neutral',
};
const DEMO_CORPUS = 'paws-wiki-demo-sample';

/** `paralens token create` against the e2e server's embedded database (PARALENS_HOME). */
function cliToken(email: string): string {
  const result = spawnSync(
    process.execPath,
    ['scripts/paralens.mjs', 'token', 'create', '--email', email, '--name', unique('e2e cli')],
    {
      env: { ...process.env, PARALENS_HOME: setting('PARALENS_E2E_HOME'), DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.trim();
}

async function createCampaign(researcher: APIRequestContext, extra: Record<string, unknown> = {}) {
  const res = await researcher.post('/api/v1/campaigns', {
    data: {
      name: unique('API campaign'),
      corpora: [DEMO_CORPUS],
      sample: { strategy: 'random', size: 3 },
      questions: ALL_QUESTIONS,
      overlap: 1,
      members: [demoEmail('annotator')],
      status: 'active',
      ...extra,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; slug: string; items: number };
}

/** Walks through every status code with the given clients (session or token). */
async function exerciseStatusCodes(clients: {
  researcher: APIRequestContext;
  annotator: APIRequestContext;
  admin: APIRequestContext;
  anonymous: APIRequestContext;
}) {
  const { researcher, annotator, admin, anonymous } = clients;
  // 201: a stratified campaign with every question type; 400 naming unknown corpora, members and questions
  const stratified = await createCampaign(researcher, {
    sample: { strategy: 'stratified', measure: 'syn', perBin: 2, seed: 7, filters: { length: [8, 40] } },
    overlap: 2,
  });
  expect(stratified.items).toBeGreaterThanOrEqual(2);
  const bad = await researcher.post('/api/v1/campaigns', {
    data: {
      name: 'x',
      corpora: ['no-such-corpus'],
      sample: { strategy: 'all' },
      questions: ['semantic', 'colour'],
      members: ['ghost@paralens.local'],
    },
  });
  expect(bad.status()).toBe(400);
  const badBody = (await bad.json()) as { error: { code: string; fields: Record<string, string> } };
  expect(badBody.error.code).toBe('INVALID_INPUT');
  expect(badBody.error.fields.corpora).toContain('no-such-corpus');
  expect(badBody.error.fields.members).toContain('ghost@paralens.local');
  expect(badBody.error.fields.questions).toContain('colour');
  // 401 without credentials, 403 for a role that may not create campaigns or read all answers
  expect((await anonymous.get(`/api/v1/campaigns/${stratified.id}/next`)).status()).toBe(401);
  expect(
    (
      await annotator.post('/api/v1/campaigns', {
        data: { name: 'x', corpora: [DEMO_CORPUS], sample: { strategy: 'all' }, questions: ['semantic'] },
      })
    ).status(),
  ).toBe(403);
  expect((await annotator.get(`/api/v1/campaigns/${stratified.id}/annotations`)).status()).toBe(403);

  // 200 next (the same pair again), 201 first answer, 200 retry, 200 edit, 409 stale edit, 400 bad answers
  const campaign = await createCampaign(researcher);
  expect((await annotator.get(`/api/v1/campaigns/${campaign.slug}`)).status()).toBe(200);
  const next = await annotator.get(`/api/v1/campaigns/${campaign.id}/next`);
  expect(next.status()).toBe(200);
  const pair = (await next.json()) as {
    pairId: number;
    texts: [string, string];
    questions: Array<{ key: string }>;
    done: number;
    remaining: number;
  };
  expect(pair.questions.map((q) => q.key)).toEqual([
    'semantic',
    'syntactic',
    'paraphraseLoose',
    'paraphraseStrict',
    'relation',
    'rationale',
    'nli',
  ]);
  expect([pair.done, pair.remaining]).toEqual([0, 3]);
  expect(((await (await annotator.get(`/api/v1/campaigns/${campaign.id}/next`)).json()) as { pairId: number }).pairId).toBe(
    pair.pairId,
  );
  const url = `/api/v1/campaigns/${campaign.id}/annotations`;
  const invalid = await annotator.post(url, {
    data: {
      submissionId: unique('s').replace(/\W/g, '-'),
      pairId: pair.pairId,
      answers: { ...ANSWERS, semantic: 9, nli: 'maybe' },
    },
  });
  expect(invalid.status()).toBe(400);
  expect(((await invalid.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({
    'answers.semantic': expect.any(String),
    'answers.nli': expect.any(String),
  });
  const submissionId = unique('sub').replace(/\W/g, '-');
  const first = await annotator.post(url, { data: { submissionId, pairId: pair.pairId, answers: ANSWERS, durationMs: 1200 } });
  expect(first.status()).toBe(201);
  const stored = (await first.json()) as { version: number; answers: Record<string, unknown> };
  expect(stored).toMatchObject({ version: 1, answers: { relation: 'forward' } });
  const retry = await annotator.post(url, { data: { submissionId, pairId: pair.pairId, answers: ANSWERS, durationMs: 1200 } });
  expect(retry.status()).toBe(200);
  expect(await retry.json()).toEqual(stored);
  const edit = await annotator.post(url, {
    data: { submissionId: `${submissionId}-e1`, pairId: pair.pairId, answers: { ...ANSWERS, semantic: 4 }, baseVersion: 1 },
  });
  expect(edit.status()).toBe(200);
  expect(((await edit.json()) as { version: number }).version).toBe(2);
  const stale = await annotator.post(url, {
    data: { submissionId: `${submissionId}-e2`, pairId: pair.pairId, answers: ANSWERS, baseVersion: 1 },
  });
  expect(stale.status()).toBe(409);
  expect(((await stale.json()) as { current: { version: number; answers: { semantic: number } } }).current).toMatchObject({
    version: 2,
    answers: { semantic: 4 },
  });
  const mine = (await (await annotator.get(`/api/v1/campaigns/${campaign.id}/annotations/mine`)).json()) as {
    annotations: Array<{ pairId: number; history: unknown[] }>;
  };
  expect(mine.annotations).toMatchObject([{ pairId: pair.pairId, history: [{ version: 1 }] }]);

  // pairs: blind for annotators, 404 when not theirs; everything for researchers
  const blind = (await (await annotator.get(`/api/v1/pairs/${pair.pairId}`)).json()) as Record<string, unknown>;
  expect(blind).toMatchObject({ id: pair.pairId, corpus: { slug: DEMO_CORPUS } });
  expect(blind).not.toHaveProperty('measures');
  expect(blind).not.toHaveProperty('referenceLabel');
  const full = (await (await researcher.get(`/api/v1/pairs/${pair.pairId}`)).json()) as {
    measures: Record<string, number | null>;
  };
  expect(typeof full.measures.rouge1).toBe('number');
  expect((await annotator.get(`/api/v1/pairs/${pair.pairId + 100000}`)).status()).toBe(404);

  // researchers read every answer as JSON Lines
  const lines = await researcher.get(url);
  expect(lines.status()).toBe(200);
  expect(lines.headers()['content-type']).toContain('application/x-ndjson');
  const parsed = (await lines.text())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { pairId: number; annotator: string; version: number });
  expect(parsed).toHaveLength(1);
  expect(parsed[0]).toMatchObject({ pairId: pair.pairId, version: 2 });
  expect(parsed[0]!.annotator).toMatch(/^ann-[a-z2-7]{6}$/);

  // 404 for a campaign the caller does not annotate (the admin is no member) and an unknown one
  expect((await admin.get(`/api/v1/campaigns/${campaign.id}/next`)).status()).toBe(404);
  expect((await annotator.get('/api/v1/campaigns/no-such-campaign')).status()).toBe(404);

  // 204 once everything is answered
  for (let i = 0; i < 2; i++) {
    const more = (await (await annotator.get(`/api/v1/campaigns/${campaign.id}/next`)).json()) as { pairId: number };
    expect(
      (
        await annotator.post(url, { data: { submissionId: `${submissionId}-n${i}`, pairId: more.pairId, answers: ANSWERS } })
      ).status(),
    ).toBe(201);
  }
  expect((await annotator.get(`/api/v1/campaigns/${campaign.id}/next`)).status()).toBe(204);

  // 409 for a campaign that is not active
  const draft = await createCampaign(researcher, { status: 'draft' });
  expect((await annotator.get(`/api/v1/campaigns/${draft.id}/next`)).status()).toBe(409);

  // the OpenAPI document
  const openapi = await annotator.get('/api/v1/openapi.json');
  expect(openapi.status()).toBe(200);
  expect(((await openapi.json()) as { paths: Record<string, unknown> }).paths).toHaveProperty(['/api/v1/campaigns/{id}/next']);
  expect((await anonymous.get('/api/v1/openapi.json')).status()).toBe(401);
}

test('every status code of the annotation API with the browser session', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const anonymous = await playwrightRequest.newContext({ baseURL: baseURL! });
  await exerciseStatusCodes({
    researcher: await sessionFor(browser, baseURL!, 'researcher'),
    annotator: await sessionFor(browser, baseURL!, 'annotator'),
    admin: await sessionFor(browser, baseURL!, 'admin'),
    anonymous,
  });
});

test('every status code of the annotation API with API tokens (from the token page and the CLI)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const researcher = await tokenClient(baseURL!, await pageToken(browser, 'researcher'));
  const annotator = await tokenClient(baseURL!, cliToken(demoEmail('annotator')));
  const admin = await tokenClient(baseURL!, cliToken(demoEmail('admin')));
  const anonymous = await tokenClient(baseURL!, 'pl_this-token-does-not-exist-0123456789abcdef');
  await exerciseStatusCodes({ researcher, annotator, admin, anonymous });
});

test('a token revoked on the token page stops working at once; the page shows its last use', async ({
  page,
  loginAs,
  baseURL,
}) => {
  await loginAs('researcher');
  await page.goto('/account/tokens');
  const name = unique('revoke me');
  const form = page.getByRole('form', { name: 'Create API token' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel(/Expires after/).fill('7');
  await form.getByRole('button', { name: 'Create token' }).click();
  const token = (await page.getByTestId('new-token').textContent())!.trim();
  const client = await tokenClient(baseURL!, token);
  expect((await client.get('/api/v1/openapi.json')).status()).toBe(200);
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).not.toContainText('never');
  await expect(page.getByTestId('new-token')).toHaveCount(0);
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(row).toContainText('revoked');
  expect((await client.get('/api/v1/openapi.json')).status()).toBe(401);
});

test('cookie requests from another site may not submit answers', async ({ browser, baseURL }) => {
  const annotator = await sessionFor(browser, baseURL!, 'annotator');
  const res = await annotator.post('/api/v1/campaigns/paws-wiki-demo-study/annotations', {
    headers: { origin: 'https://evil.example' },
    data: { submissionId: 'cross-site-0001', pairId: 1, answers: {} },
  });
  expect(res.status()).toBe(403);
});

test('the demo annotator finds the demo study on /annotate', async ({ page, loginAs }) => {
  await loginAs('annotator');
  await page.goto('/annotate');
  await expect(page.getByRole('heading', { name: 'PAWS-Wiki demo study' })).toBeVisible();
});
