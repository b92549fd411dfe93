import { describe, expect, it } from 'vitest';
import { apiErrorMessage, apiFieldErrors, apiPath, createApiClient, type FetchLike } from './client';
import { myAnnotationsContract } from './contracts/annotations';
import { dismissJobContract } from './contracts/jobs';
import { startMiningRunContract } from './contracts/mining';
import { deleteUserMeasureContract } from './contracts/user-measures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function recording(respond: () => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch: FetchLike = (url, init) => {
    calls.push({ url, init });
    return Promise.resolve(respond());
  };
  return { fetch, calls };
}

describe('apiPath', () => {
  it('fills the path parameters (encoded) and appends the defined query parameters', () => {
    expect(apiPath(deleteUserMeasureContract, { params: { slug: 'a b', name: 'x/y' } })).toBe(
      '/api/v1/corpora/a%20b/measures/x%2Fy',
    );
    expect(apiPath(myAnnotationsContract, { params: { id: 3 }, query: { limit: 5, before: undefined } })).toBe(
      '/api/v1/campaigns/3/annotations/mine?limit=5',
    );
  });

  it('refuses a missing path parameter instead of calling a wrong address', () => {
    expect(() => apiPath(dismissJobContract, { params: { kind: 'import' } as never })).toThrow('needs the parameter id');
  });
});

describe('the error reader', () => {
  it("reads the API's sentence, and says the status for any other body", () => {
    expect(apiErrorMessage(409, { error: { code: 'CONFLICT', message: 'This import has already started or ended.' } })).toBe(
      'This import has already started or ended.',
    );
    expect(apiErrorMessage(502, '<html>Bad gateway</html>')).toBe('The server answered 502.');
    expect(apiErrorMessage(500, null, (s) => `HTTP ${s}`)).toBe('HTTP 500');
  });
});

describe('callApi', () => {
  it("sends the contract's method and a JSON body, and checks the answer with the contract's schema", async () => {
    const { fetch, calls } = recording(() =>
      json(400, {
        error: { code: 'INVALID_INPUT', message: 'Check the body: dump is required.', fields: { 'body.dump': 'is required' } },
      }),
    );
    const result = await createApiClient({ fetch }).call(startMiningRunContract, { body: { dump: '', corpus: 'c' } });
    expect(calls[0]).toMatchObject({ url: '/api/v1/mining-runs', init: { method: 'POST', body: '{"dump":"","corpus":"c"}' } });
    expect(result).toMatchObject({ ok: false, kind: 'http', status: 400, message: 'Check the body: dump is required.' });
    expect(apiFieldErrors(result)).toEqual({ dump: 'is required' });
  });

  it('answers data null for a 204 the contract declares', async () => {
    const { fetch, calls } = recording(() => new Response(null, { status: 204 }));
    expect(await createApiClient({ fetch }).call(dismissJobContract, { params: { kind: 'export', id: 4 } })).toEqual({
      ok: true,
      status: 204,
      data: null,
    });
    expect(calls[0]).toMatchObject({ url: '/api/v1/jobs/export/4/dismiss', init: { method: 'POST' } });
  });

  it('reports an unreachable server with the default sentence', async () => {
    const client = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await client.call(deleteUserMeasureContract, { params: { slug: 's', name: 'm' } })).toEqual({
      ok: false,
      kind: 'network',
      message: 'The server could not be reached; try again.',
    });
  });

  it('flags a success status the contract does not declare', async () => {
    const { fetch } = recording(() => json(200, {}));
    expect(await createApiClient({ fetch }).call(dismissJobContract, { params: { kind: 'import', id: 1 } })).toMatchObject({
      ok: false,
      kind: 'bad-response',
      status: 200,
    });
  });
});
