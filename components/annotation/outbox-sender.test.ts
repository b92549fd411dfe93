import { describe, expect, it } from 'vitest';
import type { ApiResult, StoredAnnotation } from './workbench-api';
import { LocalStore, type StorageLike } from './local-store';
import type { NewEntry, OutboxEntry } from './outbox';
import { OutboxSender, type SavedEvent } from './outbox-sender';

class MemoryStorage implements StorageLike {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

/** A fake server: stores each submissionId once, like the real one; answers can be scripted. */
function harness(script: Array<'network' | '500' | '409' | '404' | 'ok'> = []) {
  const storage = new MemoryStorage();
  const clock = { t: 0 };
  const timers: { at: number; fn: () => void }[] = [];
  const rows = new Map<string, StoredAnnotation>();
  const sent: string[] = [];
  const saved: SavedEvent[] = [];
  const submit = (e: OutboxEntry): Promise<ApiResult<StoredAnnotation>> => {
    sent.push(e.submissionId);
    const step = script.shift() ?? 'ok';
    if (step === 'network') return Promise.resolve({ ok: false, kind: 'network', message: 'offline' });
    if (step === '500') return Promise.resolve({ ok: false, kind: 'http', status: 500, body: null, message: 'boom' });
    if (step === '404') return Promise.resolve({ ok: false, kind: 'http', status: 404, body: null, message: 'not assigned' });
    const current: StoredAnnotation = {
      pairId: e.pairId,
      submissionId: 'theirs',
      version: 2,
      answers: { semantic: 0 },
      storedAnswers: { semantic: 0 },
      durationMs: 1,
      createdAt: 'x',
      updatedAt: 'x',
    };
    if (step === '409')
      return Promise.resolve({
        ok: false,
        kind: 'http',
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'stale' }, current },
        message: 'stale',
      });
    const existing = rows.get(e.submissionId);
    const row = existing ?? {
      ...current,
      submissionId: e.submissionId,
      version: (e.baseVersion ?? 0) + 1,
      answers: e.answers,
      storedAnswers: e.answers,
    };
    rows.set(e.submissionId, row);
    return Promise.resolve({ ok: true, status: existing ? 200 : 201, data: row });
  };
  const makeSender = () =>
    new OutboxSender({
      store: new LocalStore(storage, 9, 1),
      submit,
      now: () => clock.t,
      random: () => 0.5,
      setTimer: (fn, ms) => {
        const timer = { at: clock.t + ms, fn };
        timers.push(timer);
        return timer;
      },
      clearTimer: (handle) => {
        const i = timers.indexOf(handle as (typeof timers)[number]);
        if (i >= 0) timers.splice(i, 1);
      },
    });
  const sender = makeSender();
  sender.onSaved((e) => saved.push(e));
  /** moves the clock to the next timer and runs it */
  const advance = async () => {
    timers.sort((a, b) => a.at - b.at);
    const timer = timers.shift();
    if (!timer) return false;
    clock.t = Math.max(clock.t, timer.at);
    timer.fn();
    await sender.kick();
    return true;
  };
  return { storage, clock, timers, rows, sent, saved, sender, makeSender, advance };
}

const entry = (id: string, pairId = 1, extra: Partial<NewEntry> = {}): NewEntry => ({
  submissionId: id,
  campaignId: 1,
  pairId,
  answers: { semantic: 3 },
  durationMs: 500,
  texts: ['x', 'y'],
  ...extra,
});

describe('OutboxSender', () => {
  it('keeps the entry in storage before sending, and removes it once confirmed', async () => {
    const h = harness();
    h.sender.add(entry('s1'));
    expect([...h.storage.data.values()].join()).toContain('s1');
    await h.sender.kick();
    expect(h.sender.getSnapshot().entries).toEqual([]);
    expect(h.saved.map((s) => [s.entry.submissionId, s.stored.version])).toEqual([['s1', 1]]);
    expect(h.rows.size).toBe(1);
  });

  it('retries after a network drop with backoff, with the same submissionId, storing it once', async () => {
    const h = harness(['network', '500']);
    h.sender.add(entry('s1'));
    await h.sender.kick();
    expect(h.sender.getSnapshot().entries[0]).toMatchObject({ state: 'queued', attempts: 1, lastError: 'offline' });
    expect(h.sender.getSnapshot().pausedUntil).toBe(750);
    expect(await h.advance()).toBe(true);
    expect(h.clock.t).toBe(750);
    expect(h.sender.getSnapshot().entries[0]).toMatchObject({ attempts: 2, lastError: 'boom' });
    expect(await h.advance()).toBe(true);
    expect(h.clock.t).toBe(750 + 1500);
    expect(h.sent).toEqual(['s1', 's1', 's1']);
    expect(h.rows.size).toBe(1);
    expect(h.sender.getSnapshot().entries).toEqual([]);
    expect(await h.advance()).toBe(false);
  });

  it('a failure pauses the whole queue; retry() (back online) sends at once', async () => {
    const h = harness(['network']);
    h.sender.add(entry('s1', 1));
    await h.sender.kick();
    h.sender.add(entry('s2', 2));
    await h.sender.kick();
    expect(h.sent).toEqual(['s1']);
    h.sender.retry();
    await h.sender.kick();
    expect(h.sent).toEqual(['s1', 's1', 's2']);
    expect(h.rows.size).toBe(2);
  });

  it('survives a reload: a new sender on the same storage sends what was queued', async () => {
    const h = harness(['network']);
    h.sender.add(entry('s1'));
    await h.sender.kick();
    h.sender.stop();
    const again = h.makeSender();
    expect(again.getSnapshot().entries.map((e) => e.submissionId)).toEqual(['s1']);
    again.retry();
    await again.kick();
    expect(again.getSnapshot().entries).toEqual([]);
    expect(h.rows.size).toBe(1);
  });

  it('a resend of a confirmed id is answered from the stored row (the server side of idempotency)', async () => {
    const h = harness();
    h.sender.add(entry('s1'));
    await h.sender.kick();
    h.sender.add(entry('s1'));
    await h.sender.kick();
    expect(h.sent).toEqual(['s1', 's1']);
    expect(h.rows.size).toBe(1);
    expect(h.saved.map((s) => s.stored.version)).toEqual([1, 1]);
  });

  it('a conflict waits for the annotator; keeping mine resends with the new baseVersion', async () => {
    const h = harness(['409']);
    h.sender.add(entry('s1', 1, { baseVersion: 1 }));
    await h.sender.kick();
    expect(h.sender.getSnapshot().entries[0]).toMatchObject({ state: 'conflict', current: { version: 2 } });
    expect(h.timers).toEqual([]);
    h.sender.keepMine('s1');
    await h.sender.kick();
    expect(h.saved[0]!.stored.version).toBe(3);
    expect(h.sender.getSnapshot().entries).toEqual([]);
  });

  it('a rejection does not block the rest and is kept until dismissed', async () => {
    const h = harness(['404']);
    h.sender.add(entry('s1', 1));
    h.sender.add(entry('s2', 2));
    await h.sender.kick();
    expect(h.sender.getSnapshot().entries.map((e) => [e.submissionId, e.state])).toEqual([['s1', 'rejected']]);
    h.sender.drop('s1');
    expect(h.sender.getSnapshot().entries).toEqual([]);
  });

  it('a submit that throws counts as a network failure', async () => {
    const h = harness();
    const sender = new OutboxSender({
      store: new LocalStore(h.storage, 9, 2),
      submit: () => Promise.reject(new Error('kaput')),
      now: () => 0,
      setTimer: () => null,
      clearTimer: () => {},
    });
    sender.add(entry('s9'));
    await sender.kick();
    expect(sender.getSnapshot().entries[0]).toMatchObject({ state: 'queued', lastError: 'kaput' });
  });
});
