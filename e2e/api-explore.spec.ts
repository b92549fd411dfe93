/**
 * The read API over HTTP (GET /api/v1/corpora, GET /api/v1/pairs): tokens and roles, every filter
 * against the rows it returns, sorting, cursor pagination against count=true, and the 400s.
 * Data: the demo seed's PAWS-Wiki sample (300 pairs, labels 0/1) and a campaign made here.
 */
import type { APIRequestContext } from '@playwright/test';
import { test, expect, demoEmail } from './fixtures';
import { sessionFor } from './support/api-session';
import { pageToken, tokenClient, unique } from './support/api-clients';

const PAWS = 'paws-wiki-demo-sample';

type Row = {
  id: number;
  corpus: string;
  a: string;
  b: string;
  typeA: string;
  referenceLabel: string | null;
  lengthA: number;
  lengthB: number;
  bleu: number | null;
  syn: number | null;
  sem: number | null;
} & Record<string, number | null>;
type Page = { pairs: Row[]; nextCursor: string | null; total?: number; totalEstimated?: boolean };

async function get(client: APIRequestContext, query: string): Promise<Page> {
  const res = await client.get(`/api/v1/pairs?${query}`);
  expect(res.status(), `${query}: ${await res.text()}`).toBe(200);
  return (await res.json()) as Page;
}

/** Every row of a query, page by page through nextCursor. */
async function all(client: APIRequestContext, query: string, limit = 70): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(client, `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    rows.push(...page.pairs);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

test('tokens and roles: researchers and admins read, annotators and visitors do not', async ({ browser, baseURL }) => {
  const researcher = await tokenClient(baseURL!, await pageToken(browser, 'researcher'));
  const annotator = await tokenClient(baseURL!, await pageToken(browser, 'annotator'));
  const admin = await sessionFor(browser, baseURL!, 'admin');
  const anonymous = await tokenClient(baseURL!, 'pl_this-token-does-not-exist-0123456789abcdef');
  for (const path of ['/api/v1/pairs', '/api/v1/corpora']) {
    expect((await researcher.get(path)).status(), path).toBe(200);
    expect((await admin.get(path)).status(), path).toBe(200);
    expect((await annotator.get(path)).status(), path).toBe(403);
    expect((await anonymous.get(path)).status(), path).toBe(401);
  }
  const corpora = (await (await researcher.get('/api/v1/corpora')).json()) as { corpora: Array<Record<string, unknown>> };
  expect(corpora.corpora.find((c) => c.slug === PAWS)).toMatchObject({
    pairs: 300,
    tier: 'NONE',
    licence: 'Free for any purpose (Google LLC)',
    attribution: expect.stringContaining('Google'),
  });
  const openapi = (await (await annotator.get('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> };
  expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/v1/pairs', '/api/v1/corpora']));
});

test('pagination and sorting: every pair once, in order, as many as count=true says', async ({ browser, baseURL }) => {
  const client = await sessionFor(browser, baseURL!, 'researcher');
  const first = await get(client, `corpus=${PAWS}&count=true&limit=10`);
  expect(first.total).toBe(300);
  expect(first.totalEstimated, 'a small total is counted, not estimated').toBe(false);
  expect(first.pairs).toHaveLength(10);
  expect(Object.keys(first.pairs[0]!)).toEqual(
    expect.arrayContaining([
      'id',
      'corpus',
      'a',
      'b',
      'originalId',
      'referenceLabel',
      'referenceScore',
      'bleu',
      'syn',
      'sem',
      'delta',
      'st',
    ]),
  );
  const byId = await all(client, `corpus=${PAWS}`);
  expect(byId.map((r) => r.id)).toEqual([...byId.map((r) => r.id)].sort((x, y) => x - y));
  expect(new Set(byId.map((r) => r.id)).size).toBe(300);
  expect((await get(client, `corpus=${PAWS}&limit=300`)).nextCursor).toBeNull();
  for (const sort of ['-bleu', 'rouge1', '-levenshtein']) {
    const rows = await all(client, `corpus=${PAWS}&sort=${sort}`, 45);
    expect(rows).toHaveLength(300);
    const key = sort.replace('-', '');
    const values = rows.map((r) => r[key]).filter((v): v is number => v !== null);
    const sorted = [...values].sort((x, y) => (sort.startsWith('-') ? y - x : x - y));
    expect(values, sort).toEqual(sorted);
    expect(
      rows.slice(values.length).every((r) => r[key] === null),
      `${sort}: missing values last`,
    ).toBe(true);
  }
});

test('every filter returns exactly the rows that satisfy it', async ({ browser, baseURL }) => {
  const client = await sessionFor(browser, baseURL!, 'researcher');
  const every = await all(client, `corpus=${PAWS}`);
  const expectIds = async (query: string, keep: (r: Row) => boolean) => {
    const got = await all(client, `corpus=${PAWS}&${query}`);
    expect(
      got.map((r) => r.id),
      query,
    ).toEqual(every.filter(keep).map((r) => r.id));
    expect((await get(client, `corpus=${PAWS}&${query}&count=true&limit=1`)).total, `${query} count`).toBe(got.length);
  };
  const contains = (needle: string) => (r: Row) =>
    r.a.toLowerCase().includes(needle.toLowerCase()) || r.b.toLowerCase().includes(needle.toLowerCase());
  await expectIds('q=australia', contains('australia'));
  await expectIds(`q=${encodeURIComponent("%' OR 1=1 --")}`, contains("%' OR 1=1 --"));
  await expectIds(`q=${encodeURIComponent('.*')}`, contains('.*'));
  await expectIds('q=_', contains('_'));
  await expectIds('min.bleu=0.3&max.bleu=0.6', (r) => r.bleu !== null && r.bleu >= 0.3 && r.bleu <= 0.6);
  await expectIds('max.length=12', (r) => Math.max(r.lengthA, r.lengthB) <= 12);
  await expectIds('label=1', (r) => r.referenceLabel === '1');
  await expectIds('cell=4,0', (r) => r.syn !== null && r.sem !== null && r.syn >= 0.8 && r.sem < 0.2);
  await expectIds('type=SENTENCE', () => true);
  await expectIds('type=CAPTION', () => false);
  await expectIds('tier=NONE', () => true);
  await expectIds('tier=GOLD', () => false);
  // A campaign, one submitted annotation: campaign, state=annotated and state=unannotated.
  const created = await client.post('/api/v1/campaigns', {
    data: {
      name: unique('Explore API'),
      corpora: [PAWS],
      sample: { strategy: 'random', size: 4, seed: 3 },
      questions: ['semantic'],
      overlap: 1,
      members: [demoEmail('annotator')],
      status: 'active',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as { id: number; slug: string };
  const annotator = await sessionFor(browser, baseURL!, 'annotator');
  const next = (await (await annotator.get(`/api/v1/campaigns/${campaign.id}/next`)).json()) as { pairId: number };
  const submitted = await annotator.post(`/api/v1/campaigns/${campaign.id}/annotations`, {
    data: { submissionId: unique('sub').replace(/\W/g, '-'), pairId: next.pairId, answers: { semantic: 2 } },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const items = await all(client, `campaign=${campaign.slug}`);
  expect(items).toHaveLength(4);
  expect((await all(client, `campaign=${campaign.slug}&state=annotated`)).map((r) => r.id)).toEqual([next.pairId]);
  expect((await all(client, `campaign=${campaign.slug}&state=unannotated`)).map((r) => r.id)).toEqual(
    items.map((r) => r.id).filter((id) => id !== next.pairId),
  );
  // Relations and adjudications, within this campaign: other specs running beside this one answer
  // and adjudicate pairs of the same demo corpus
  expect(await all(client, `campaign=${campaign.slug}&relation=equivalence`)).toEqual([]);
  expect(await all(client, `campaign=${campaign.slug}&state=adjudicated`)).toEqual([]);
});

test('malformed parameters are 400s that say what is wrong; unknown corpora too', async ({ browser, baseURL }) => {
  const client = await sessionFor(browser, baseURL!, 'researcher');
  const fields = async (query: string) => {
    const res = await client.get(`/api/v1/pairs?${query}`);
    expect(res.status(), query).toBe(400);
    return ((await res.json()) as { error: { fields: Record<string, string> } }).error.fields;
  };
  // Each wrong parameter is named under `query.`, with what is wrong.
  expect((await fields('min.colour=1'))['query.min.colour']).toContain('unknown measure "colour"');
  expect(await fields('min.bleu=0.8&max.bleu=0.2')).toEqual({ 'query.min.bleu': 'min.bleu (0.8) is above max.bleu (0.2)' });
  expect((await fields('cursor=garbage'))['query.cursor']).toContain('not a cursor');
  expect((await fields('limit=1001'))['query.limit']).toContain('1 to 1000');
  expect(await fields('colour=red')).toEqual({ 'query.colour': 'is not a parameter of this route' });
  expect((await fields(`corpus=${PAWS}&sort=-nothing`))['query.sort']).toContain('unknown sort');
  expect(await fields('corpus=no-such-corpus')).toEqual({ 'query.corpus': 'names no corpus: no-such-corpus' });
  const page = await get(client, `corpus=${PAWS}&sort=-bleu&limit=5`);
  expect((await fields(`corpus=${PAWS}&sort=bleu&cursor=${page.nextCursor!}`))['query.cursor']).toContain('another sort');
  // Numbers beyond what their column holds are 400s too, not query errors (500).
  const forged = Buffer.from(JSON.stringify({ k: 'id', d: 0, v: null, i: Number.MAX_SAFE_INTEGER })).toString('base64url');
  expect((await fields(`cursor=${forged}`))['query.cursor']).toContain('not a cursor');
  expect((await fields('min.length=1e20'))['query.min.length']).toContain('word count up to 2147483647');
  const pair = await client.get('/api/v1/pairs/9007199254740991');
  expect(pair.status()).toBe(400);
  expect(((await pair.json()) as { error: { fields: Record<string, string> } }).error.fields['params.id']).toContain(
    'an id from 1 to 2147483647',
  );
});
