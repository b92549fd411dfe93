import { describe, expect, it } from 'vitest';
import { createApiClient, type FetchLike } from './workbench-api';

const stored = {
  pairId: 7,
  submissionId: 'sub-00000001',
  version: 1,
  answers: { semantic: 3 },
  storedAnswers: { semantic: 3 },
  durationMs: 1200,
  createdAt: 'x',
  updatedAt: 'x',
};

function fakeFetch(respond: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return respond(url, init);
  };
  return { fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('createApiClient', () => {
  it('posts a submission as JSON and parses the stored annotation', async () => {
    const { fetch, calls } = fakeFetch(() => json(201, stored));
    const api = createApiClient({ fetch });
    const result = await api.submitAnnotation('demo', {
      submissionId: 'sub-00000001',
      pairId: 7,
      answers: { semantic: 3 },
      durationMs: 1200,
    });
    expect(result).toEqual({ ok: true, status: 201, data: stored });
    expect(calls[0]!.url).toBe('/api/v1/campaigns/demo/annotations');
    expect(calls[0]!.init?.method).toBe('POST');
    expect(JSON.parse(calls[0]!.init!.body as string)).toMatchObject({ submissionId: 'sub-00000001', pairId: 7 });
  });

  it('reports a thrown fetch as a network failure', async () => {
    const api = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await api.getNextPair(1)).toEqual({ ok: false, kind: 'network', message: 'No connection to the server.' });
  });

  it('reports a timeout as a network failure', async () => {
    const api = createApiClient({
      timeoutMs: 5,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
        }),
    });
    expect(await api.getCampaign(1)).toEqual({ ok: false, kind: 'network', message: 'The server did not answer in time.' });
  });

  it('treats 204 from next as nothing left, and from elsewhere as a bad response', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const api = createApiClient({ fetch });
    expect(await api.getNextPair(1)).toEqual({ ok: true, status: 204, data: null });
    expect(await api.getCampaign(1)).toMatchObject({ ok: false, kind: 'bad-response', status: 204 });
  });

  it('keeps a 409 body with the current values', async () => {
    const body = { error: { code: 'CONFLICT', message: 'stale version' }, current: { ...stored, version: 2 } };
    const api = createApiClient({ fetch: fakeFetch(() => json(409, body)).fetch });
    const result = await api.submitAnnotation(1, { submissionId: 'sub-00000002', pairId: 7, answers: {}, baseVersion: 1 });
    expect(result).toMatchObject({
      ok: false,
      kind: 'http',
      status: 409,
      message: 'stale version',
      body: { current: { version: 2 } },
    });
  });

  it('survives an error page that is not our JSON', async () => {
    const api = createApiClient({ fetch: fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 })).fetch });
    expect(await api.getCampaign(1)).toEqual({
      ok: false,
      kind: 'http',
      status: 502,
      body: null,
      message: 'The server had a problem (HTTP 502).',
    });
  });

  it('flags a success whose body breaks the contract', async () => {
    const api = createApiClient({ fetch: fakeFetch(() => json(200, { pairId: 'seven' })).fetch });
    expect(await api.submitAnnotation(1, { submissionId: 'sub-00000003', pairId: 7, answers: {} })).toMatchObject({
      ok: false,
      kind: 'bad-response',
      status: 200,
    });
  });

  it('skips a pair with a POST answered by 204', async () => {
    const { fetch, calls } = fakeFetch(() => new Response(null, { status: 204 }));
    expect(await createApiClient({ fetch }).skipPair(3, 41)).toEqual({ ok: true, status: 204, data: null });
    expect(calls[0]).toMatchObject({ url: '/api/v1/campaigns/3/skip', init: { method: 'POST', body: '{"pairId":41}' } });
  });

  it('pages my annotations with limit and before', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { annotations: [], nextBefore: null }));
    await createApiClient({ fetch }).getMyAnnotations('c a', { limit: 20, before: 99 });
    expect(calls[0]!.url).toBe('/api/v1/campaigns/c%20a/annotations/mine?limit=20&before=99');
  });
});
