import { describe, expect, it } from 'vitest';
import { classifyStatus, DEFAULT_RETRY, parseRetryAfter, retryDelayMs, sleep } from './retry-policy';

const sent = { responseFormat: true, logprobs: true };

describe('classifyStatus', () => {
  it('retries 408, 409, 429 and 5xx, carrying Retry-After', () => {
    for (const status of [408, 409, 429, 500, 502, 503, 504])
      expect(classifyStatus(status, 'busy', sent, 2000)).toEqual({
        action: 'retry',
        problem: `HTTP ${status}: busy`,
        retryAfterMs: 2000,
      });
  });

  it('falls back when a 400/422/500 names the response format, and only when one was sent', () => {
    expect(classifyStatus(400, "'response_format.type' must be 'json_schema' or 'text'", sent, null).action).toBe(
      'fallback-format',
    );
    expect(
      classifyStatus(500, 'response_format type must be one of "text" or "json_object", but got: json_schema', sent, null).action,
    ).toBe('fallback-format');
    expect(classifyStatus(422, 'json_schema is not supported', sent, null).action).toBe('fallback-format');
    expect(classifyStatus(400, 'Invalid schema for response_format', { ...sent, responseFormat: false }, null).action).toBe(
      'stop',
    );
    expect(classifyStatus(503, 'json_schema backend overloaded', sent, null).action).toBe('retry');
  });

  it('falls back on a 400 naming logprobs, only when logprobs were asked for', () => {
    expect(classifyStatus(400, "This model does not support the 'logprobs' parameter.", sent, null).action).toBe(
      'fallback-logprobs',
    );
    expect(classifyStatus(400, 'top_logprobs must be at most 5', sent, null).action).toBe('fallback-logprobs');
    expect(
      classifyStatus(400, "This model does not support the 'logprobs' parameter.", { ...sent, logprobs: false }, null).action,
    ).toBe('stop');
  });

  it('stops on any other 4xx and passes 2xx', () => {
    for (const status of [400, 401, 403, 404, 413, 422])
      expect(classifyStatus(status, 'no', sent, null)).toEqual({ action: 'stop', message: 'no' });
    expect(classifyStatus(200, null, sent, null)).toEqual({ action: 'done' });
  });
});

describe('Retry-After and backoff', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter(' 2.5 ', now)).toBe(2500);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(['3', '9'], now)).toBe(3000);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('waits the Retry-After up to its cap, otherwise a full-jitter share of base·2^n up to the cap', () => {
    const options = { ...DEFAULT_RETRY, random: () => 0.5 };
    expect(retryDelayMs(1, 3000, options)).toBe(3000);
    expect(retryDelayMs(1, 3_600_000, options)).toBe(600_000);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, null, options))).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    expect(retryDelayMs(3, null, { ...options, random: () => 0 })).toBe(0);
  });

  it('sleeps until cancelled', async () => {
    const controller = new AbortController();
    const slept = sleep(10_000, controller.signal);
    controller.abort();
    await expect(slept).rejects.toMatchObject({ name: 'AbortError' });
  });
});
