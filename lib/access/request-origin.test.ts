import { describe, expect, it } from 'vitest';
import { hasBearerToken, isSameOriginRequest } from './request-origin';

describe('isSameOriginRequest', () => {
  const host = 'paralens.example.org:3000';

  it('lets safe methods through without an Origin', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get'])
      expect(isSameOriginRequest({ method, origin: null, host })).toBe(true);
  });

  it('accepts a mutating request from this host and port', () => {
    expect(isSameOriginRequest({ method: 'POST', origin: 'http://paralens.example.org:3000', host })).toBe(true);
    expect(
      isSameOriginRequest({ method: 'DELETE', origin: 'https://Paralens.Example.org:3000', host: 'PARALENS.example.org:3000' }),
    ).toBe(true);
  });

  it('refuses another site, another port, a missing or opaque Origin', () => {
    for (const origin of [
      'https://evil.example',
      'http://paralens.example.org:3001',
      'http://paralens.example.org',
      null,
      'null',
      'not a url',
    ]) {
      expect(isSameOriginRequest({ method: 'POST', origin, host }), String(origin)).toBe(false);
    }
    expect(isSameOriginRequest({ method: 'PUT', origin: 'http://paralens.example.org:3000', host: null })).toBe(false);
  });
});

describe('isSameOriginRequest for a GET that changes something (claiming the next pair)', () => {
  const host = 'paralens.example.org:3000';
  const check = (origin: string | null, fetchSite: string | null) =>
    isSameOriginRequest({ method: 'GET', origin, host, fetchSite, changesState: true });

  it("accepts this site's Origin, or no Origin with Sec-Fetch-Site same-origin (the page's fetch) or none (address bar)", () => {
    expect(check('http://paralens.example.org:3000', null)).toBe(true);
    expect(check(null, 'same-origin')).toBe(true);
    expect(check(null, 'none')).toBe(true);
  });

  it('refuses a link, an image or a fetch from another site, and a request that says nothing', () => {
    for (const fetchSite of ['cross-site', 'same-site', null, 'bogus'])
      expect(check(null, fetchSite), String(fetchSite)).toBe(false);
    expect(check('https://evil.example', 'same-origin')).toBe(false);
    expect(check('null', 'none')).toBe(false);
  });
});

describe('hasBearerToken', () => {
  it('recognises an Authorization: Bearer header with a token', () => {
    expect(hasBearerToken('Bearer plx_abc')).toBe(true);
    expect(hasBearerToken('bearer plx_abc')).toBe(true);
    expect(hasBearerToken('Bearer ')).toBe(false);
    expect(hasBearerToken('Basic dXNlcjpwYXNz')).toBe(false);
    expect(hasBearerToken(null)).toBe(false);
  });
});
