import { describe, expect, it } from 'vitest';
import type { ApiResult, StoredAnnotation } from './workbench-api';
import {
  classify,
  confirm,
  drop,
  EMPTY_OUTBOX,
  enqueue,
  entriesFor,
  fail,
  keepMine,
  nextDue,
  nextWake,
  parseOutbox,
  retryNow,
  type NewEntry,
} from './outbox';

const entry = (id: string, pairId: number, extra: Partial<NewEntry> = {}): NewEntry => ({
  submissionId: id,
  campaignId: 1,
  pairId,
  answers: { semantic: 2 },
  durationMs: 1000,
  texts: ['a', 'b'],
  ...extra,
});
const stored = (version: number): StoredAnnotation => ({
  pairId: 1,
  submissionId: 'srv',
  version,
  answers: { semantic: 4 },
  storedAnswers: { semantic: 4 },
  durationMs: 10,
  createdAt: 'x',
  updatedAt: 'x',
});
const half = () => 0.5;

describe('outbox transitions', () => {
  it('queues an entry once, due at once', () => {
    let o = enqueue(EMPTY_OUTBOX, entry('s1', 1), 100);
    o = enqueue(o, entry('s1', 1), 200);
    expect(o.entries).toHaveLength(1);
    expect(o.entries[0]).toMatchObject({ state: 'queued', attempts: 0, nextAttemptAt: 100, createdAt: 100 });
    expect(nextDue(o, 100)?.submissionId).toBe('s1');
  });

  it('backs off on a retryable failure and is not due before the delay', () => {
    let o = enqueue(EMPTY_OUTBOX, entry('s1', 1), 0);
    o = fail(o, 's1', { kind: 'retry', message: 'offline' }, 1000, half);
    expect(o.entries[0]).toMatchObject({ state: 'queued', attempts: 1, lastError: 'offline', nextAttemptAt: 1750 });
    expect(nextDue(o, 1749)).toBeNull();
    expect(nextDue(o, 1750)?.submissionId).toBe('s1');
    o = fail(o, 's1', { kind: 'retry', message: 'offline' }, 2000, half);
    expect(o.entries[0]!.nextAttemptAt).toBe(2000 + 1500);
    expect(nextWake(o)).toBe(3500);
  });

  it('removes an entry when the server confirms it', () => {
    const o = confirm(enqueue(enqueue(EMPTY_OUTBOX, entry('s1', 1), 0), entry('s2', 2), 0), 's1');
    expect(o.entries.map((e) => e.submissionId)).toEqual(['s2']);
  });

  it('keeps a conflict with the server values until the annotator decides', () => {
    let o = enqueue(EMPTY_OUTBOX, entry('s1', 1, { baseVersion: 1 }), 0);
    o = fail(o, 's1', { kind: 'conflict', message: 'stale', current: stored(3) }, 10);
    expect(o.entries[0]).toMatchObject({ state: 'conflict', current: { version: 3 } });
    expect(nextDue(o, 1e12)).toBeNull();
    expect(nextWake(o)).toBeNull();
    const mine = keepMine(o, 's1', 50);
    expect(mine.entries[0]).toMatchObject({ state: 'queued', baseVersion: 3, attempts: 0, nextAttemptAt: 50 });
    expect(mine.entries[0]!.current).toBeUndefined();
    expect(drop(o, 's1').entries).toEqual([]);
  });

  it('sets a rejected entry aside; retry puts it back, drop dismisses it', () => {
    let o = enqueue(EMPTY_OUTBOX, entry('s1', 1), 0);
    o = fail(o, 's1', { kind: 'reject', message: 'reassigned' }, 10);
    expect(o.entries[0]!.state).toBe('rejected');
    expect(nextDue(o, 1e12)).toBeNull();
    expect(retryNow(o, 20).entries[0]!.state).toBe('rejected');
    expect(retryNow(o, 20, 's1').entries[0]).toMatchObject({ state: 'queued', nextAttemptAt: 20 });
    expect(drop(o, 's1').entries).toEqual([]);
  });

  it('never drops a queued entry', () => {
    const o = enqueue(EMPTY_OUTBOX, entry('s1', 1), 0);
    expect(drop(o, 's1')).toEqual(o);
  });

  it('retryNow makes every waiting entry due at once', () => {
    let o = enqueue(enqueue(EMPTY_OUTBOX, entry('s1', 1), 0), entry('s2', 2), 0);
    o = fail(fail(o, 's1', { kind: 'retry', message: 'x' }, 0, half), 's2', { kind: 'retry', message: 'x' }, 0, half);
    expect(nextDue(o, 10)).toBeNull();
    expect(retryNow(o, 10).entries.map((e) => e.nextAttemptAt)).toEqual([10, 10]);
  });

  it('sends oldest first and never lets an edit overtake the answer it edits', () => {
    let o = enqueue(EMPTY_OUTBOX, entry('first', 1), 0);
    o = enqueue(o, entry('edit', 1, { baseVersion: 1 }), 1);
    o = enqueue(o, entry('other', 2), 2);
    expect(nextDue(o, 5)?.submissionId).toBe('first');
    o = fail(o, 'first', { kind: 'reject', message: 'no' }, 5);
    expect(nextDue(o, 5)?.submissionId).toBe('other');
    expect(nextDue(o, 5, new Set(['other']))).toBeNull();
    expect(entriesFor(o, 1).map((e) => e.submissionId)).toEqual(['first', 'edit']);
  });
});

describe('classify', () => {
  const http = (status: number, current?: StoredAnnotation): ApiResult<StoredAnnotation> => ({
    ok: false,
    kind: 'http',
    status,
    body: { error: { code: 'CONFLICT', message: `m${status}` }, ...(current ? { current } : {}) },
    message: `m${status}`,
  });

  it('a 2xx is saved', () => {
    expect(classify({ ok: true, status: 201, data: stored(1) })).toEqual({ saved: stored(1) });
  });

  it('network, bad bodies, 5xx, 429, 408 and 401 are retried', () => {
    expect(classify({ ok: false, kind: 'network', message: 'x' })).toMatchObject({ failure: { kind: 'retry' } });
    expect(classify({ ok: false, kind: 'bad-response', status: 200, message: 'x' })).toMatchObject({
      failure: { kind: 'retry' },
    });
    for (const status of [500, 502, 503, 429, 408]) expect(classify(http(status))).toMatchObject({ failure: { kind: 'retry' } });
    expect(classify(http(401))).toMatchObject({
      failure: { kind: 'retry', message: expect.stringContaining('signed out') as string },
    });
  });

  it('a 409 with the current values is a conflict; without them a rejection', () => {
    expect(classify(http(409, stored(2)))).toEqual({ failure: { kind: 'conflict', message: 'm409', current: stored(2) } });
    expect(classify(http(409))).toEqual({ failure: { kind: 'reject', message: 'm409' } });
  });

  it('400, 403 and 404 are rejections', () => {
    for (const status of [400, 403, 404]) expect(classify(http(status))).toMatchObject({ failure: { kind: 'reject' } });
  });
});

describe('parseOutbox', () => {
  it('reads back what was stored and drops malformed entries', () => {
    const o = enqueue(EMPTY_OUTBOX, entry('s1', 1), 0);
    expect(parseOutbox(JSON.parse(JSON.stringify(o)))).toEqual(o);
    expect(parseOutbox({ entries: [{ submissionId: 3 }, null, ...o.entries] })).toEqual(o);
    expect(parseOutbox('nonsense')).toEqual(EMPTY_OUTBOX);
    expect(parseOutbox({ entries: [{ ...o.entries[0], state: 'sending' }] }).entries[0]!.state).toBe('queued');
  });
});
