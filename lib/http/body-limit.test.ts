import { describe, expect, it } from 'vitest';
import {
  bodyLimitFor,
  DEFAULT_BODY_LIMIT_BYTES,
  formatLimit,
  GOLD_FILE_BODY_LIMIT_BYTES,
  SERVER_ACTION_BODY_LIMIT_BYTES,
} from './body-limit';

const MB = 1024 * 1024;
const limit = (method: string, url: string, serverAction = false, env: Record<string, string> = {}) =>
  bodyLimitFor({ method, url, serverAction }, { ...process.env, PARALENS_UPLOAD_LIMIT_MB: undefined, ...env });

describe('bodyLimitFor', () => {
  it('gives JSON routes, the sign-in route and pages the default of 1 MB', () => {
    expect(DEFAULT_BODY_LIMIT_BYTES).toBe(MB);
    expect(limit('POST', '/api/auth/callback/credentials')).toBe(MB);
    expect(limit('POST', '/api/v1/campaigns/7/adjudications')).toBe(MB);
    expect(limit('PUT', '/api/corpora/demo/imports')).toBe(MB);
    expect(limit('POST', '/campaigns/new')).toBe(MB);
    expect(limit('GET', undefined as unknown as string)).toBe(MB);
  });

  it('gives the upload route PARALENS_UPLOAD_LIMIT_MB (default 2048 MB), with or without a query', () => {
    expect(limit('POST', '/api/corpora/demo/imports?fileName=a.tsv')).toBe(2048 * MB);
    expect(limit('POST', '/api/corpora/demo/imports', false, { PARALENS_UPLOAD_LIMIT_MB: '5' })).toBe(5 * MB);
    expect(limit('POST', '/api/corpora/demo/imports/extra')).toBe(MB);
  });

  it('gives the gold file route room for 5 million characters of JSON text', () => {
    expect(limit('POST', '/api/v1/campaigns/pilot/gold/file')).toBe(GOLD_FILE_BODY_LIMIT_BYTES);
    expect(limit('POST', '/api/v1/campaigns/pilot/annotations/file')).toBe(GOLD_FILE_BODY_LIMIT_BYTES);
    expect(limit('POST', '/api/v1/corpora/msrpc/measures')).toBe(GOLD_FILE_BODY_LIMIT_BYTES);
    expect(limit('DELETE', '/api/v1/corpora/msrpc/measures/para')).toBe(MB);
    expect(GOLD_FILE_BODY_LIMIT_BYTES).toBeGreaterThanOrEqual(3 * 5_000_000);
  });

  it('gives a Server Action its own limit, whatever its path', () => {
    expect(limit('POST', '/campaigns/new', true)).toBe(SERVER_ACTION_BODY_LIMIT_BYTES);
    expect(limit('POST', '/api/corpora/demo/imports', true)).toBe(SERVER_ACTION_BODY_LIMIT_BYTES);
  });

  it('formats limits for messages', () => {
    expect(formatLimit(MB)).toBe('1 MB');
    expect(formatLimit(1500)).toBe('1,500 bytes');
  });
});

describe('next.config.ts', () => {
  it('gives Next.js the same Server Action limit as the web server', async () => {
    const { default: config } = await import('@/next.config');
    expect(config.experimental?.serverActions?.bodySizeLimit).toBe(SERVER_ACTION_BODY_LIMIT_BYTES);
  });
});
