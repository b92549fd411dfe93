/**
 * The endpoint limiter against a real PostgreSQL: two limiters stand for two processes (each has its
 * own connection, as each process has), and their requests in flight together never exceed the
 * endpoint's concurrency; a process that dies (its connection closed) frees its slots at once; the
 * rate spaces starts across both; a pause set by one holds the other.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '../client';
import { database } from '../database';
import { createEndpointLimiter, type EndpointLimiter } from './endpoint-limiter';

const opened: EndpointLimiter[] = [];

async function endpoint(data: { concurrency: number; requestsPerMinute?: number | null }) {
  return getDb().modelEndpoint.create({
    data: {
      name: `limits-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      baseUrl: 'http://127.0.0.1:9/v1',
      concurrency: data.concurrency,
      requestsPerMinute: data.requestsPerMinute ?? null,
    },
  });
}

async function limiter(limits: { id: number; concurrency: number; requestsPerMinute: number | null }) {
  const l = await createEndpointLimiter(database(), limits);
  opened.push(l);
  return l;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((l) => l.close()));
});

describe('the endpoint limiter', () => {
  it('never has more requests in flight than the concurrency, across two processes', async () => {
    const e = await endpoint({ concurrency: 3 });
    const a = await limiter(e);
    const b = await limiter(e);
    let inFlight = 0;
    let max = 0;
    const request = async (l: EndpointLimiter) => {
      const release = await l.acquire();
      inFlight++;
      max = Math.max(max, inFlight);
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 10));
      inFlight--;
      release();
    };
    await Promise.all(Array.from({ length: 40 }, (_, i) => request(i % 2 === 0 ? a : b)));
    expect(max).toBe(3);
  });

  it('frees the slots of a process that dies at once', async () => {
    const e = await endpoint({ concurrency: 1 });
    const dying = await createEndpointLimiter(database(), e);
    await dying.acquire();
    const other = await limiter(e);
    const waiting = other.acquire();
    const first = await Promise.race([waiting.then(() => 'got'), new Promise((r) => setTimeout(() => r('waits'), 150))]);
    expect(first).toBe('waits');
    await dying.close(); // the connection goes, as with a killed process
    const release = await waiting;
    release();
  });

  it('stops waiting when its signal aborts', async () => {
    const e = await endpoint({ concurrency: 1 });
    const a = await limiter(e);
    await a.acquire();
    const b = await limiter(e);
    const abort = new AbortController();
    const waiting = b.acquire(abort.signal);
    setTimeout(() => abort.abort(), 50);
    await expect(waiting).rejects.toThrow();
  });

  it('spaces starts by the rate across processes', async () => {
    const e = await endpoint({ concurrency: 8, requestsPerMinute: 600 }); // one start every 100 ms
    const a = await limiter(e);
    const b = await limiter(e);
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const release = await (i % 2 === 0 ? a : b).acquire();
        starts.push(Date.now());
        release();
      }),
    );
    starts.sort((x, y) => x - y);
    const span = starts.at(-1)! - starts[0]!;
    expect(span).toBeGreaterThanOrEqual(5 * 100 - 30);
  });

  it('holds every process while a pause set by one lasts', async () => {
    const e = await endpoint({ concurrency: 2 });
    const a = await limiter(e);
    const b = await limiter(e);
    const until = Date.now() + 400;
    await a.pause(until);
    const release = await b.acquire();
    expect(Date.now()).toBeGreaterThanOrEqual(until - 20);
    release();
  });
});
