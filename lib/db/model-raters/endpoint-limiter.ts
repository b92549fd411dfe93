/**
 * The per-endpoint limits of model runs, held across every run and every process that uses the
 * endpoint (docs/models-as-raters.md, "Limits"):
 * - concurrency: a request in flight holds one of the endpoint's `concurrency` slots, a session-level
 *   PostgreSQL advisory lock (namespace 7310, key endpoint id × 256 + slot) on one connection this
 *   limiter keeps. A process that dies closes its connection and its slots are free at once; no lease
 *   to expire. Advisory locks are re-entrant within a session, so the process keeps the set of slots
 *   it holds itself;
 * - rate: `requestsPerMinute` as evenly spaced starts (GCRA without burst): one UPDATE moves the
 *   endpoint's `rateAt` on by the interval when it has passed, or says how long to wait;
 * - pause: a Retry-After the server sent (`pausedUntil`): no request starts before it, whichever
 *   process got the 429. Without a rate limit it is read at most every 500 ms (and at once in the
 *   process that set it).
 * A slot this process releases goes straight to a request of this process that waits for one, up to
 * 16 times in a row, without a round trip; then (or when nobody here waits) it is unlocked, with a
 * notice (LISTEN/NOTIFY on `paralens_endpoint_slots`) that wakes the other processes waiting for a
 * slot. They also poll (25 ms, doubling to 400 ms) in case a notice is missed. The connection's
 * queries run one after another (pg's client must not be given a second query while one runs).
 */
import type pg from 'pg';
import type { Database } from '../database';

const LOCK_NAMESPACE = 7310;
const MAX_CONCURRENCY = 256;
const POLL_MIN_MS = 25;
const POLL_MAX_MS = 400;
const PAUSE_READ_MS = 500;
const MAX_HANDOVERS = 16;
const CHANNEL = 'paralens_endpoint_slots';

export interface EndpointLimits {
  id: number;
  concurrency: number;
  requestsPerMinute: number | null;
}

export interface EndpointLimiter {
  /** Waits for a slot (and the rate and any pause); the function returned releases it. */
  acquire(signal?: AbortSignal): Promise<() => void>;
  /** No request on the endpoint starts before `untilMs` (a Retry-After), in any process. */
  pause(untilMs: number): Promise<void>;
  close(): Promise<void>;
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted', 'AbortError');
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

interface Waiter {
  give(slot: number | null): void;
  signal: AbortSignal | undefined;
}

export async function createEndpointLimiter(db: Database, limits: EndpointLimits): Promise<EndpointLimiter> {
  const concurrency = Math.max(1, Math.min(MAX_CONCURRENCY, limits.concurrency));
  const intervalMs = limits.requestsPerMinute ? 60_000 / limits.requestsPerMinute : 0;
  const client = db.copyConnection({ options: '-c TimeZone=UTC' });
  client.on('error', () => undefined); // a lost connection frees the locks; the next query reports it
  await client.connect();
  let chain: Promise<unknown> = Promise.resolve();
  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>> => {
    const result = chain.then(() => client.query<R>(text, values));
    chain = result.catch(() => undefined);
    return result;
  };
  const wakeOnRelease = new Set<() => void>();
  client.on('notification', (n) => {
    if (n.payload === String(limits.id)) for (const wake of [...wakeOnRelease]) wake();
  });
  await client.query(`LISTEN ${CHANNEL}`);

  /** slots locked by this process (in use or being handed over), and how often each was handed over in a row */
  const held = new Map<number, number>();
  const waiters: Waiter[] = [];
  const pause = { until: 0, readAt: 0 };
  const key = (slot: number) => limits.id * MAX_CONCURRENCY + slot;

  /** A slot locked for this process, or null when every slot not ours is held elsewhere. */
  async function tryLock(): Promise<number | null> {
    const start = Math.floor(Math.random() * concurrency);
    for (let i = 0; i < concurrency; i++) {
      const slot = (start + i) % concurrency;
      if (held.has(slot)) continue;
      held.set(slot, 0); // reserved before the round trip, so two acquires here never try one slot
      const { rows } = await query<{ ok: boolean; paused: number | null }>(
        `SELECT pg_try_advisory_lock($1::int, $2::int) AS ok,
                (SELECT EXTRACT(EPOCH FROM "pausedUntil") * 1000 FROM "ModelEndpoint" WHERE "id" = $3)::float8 AS paused`,
        [LOCK_NAMESPACE, key(slot), limits.id],
      ).catch((error: unknown) => {
        held.delete(slot);
        throw error;
      });
      pause.until = Math.max(pause.until, rows[0]?.paused ?? 0);
      pause.readAt = Date.now();
      if (rows[0]?.ok) return slot;
      held.delete(slot);
    }
    return null;
  }

  /** Milliseconds to wait before a request may start (the pause, the rate); 0: it may start now. */
  async function waitForStart(): Promise<number> {
    if (intervalMs === 0) {
      if (Date.now() - pause.readAt > PAUSE_READ_MS) {
        const { rows } = await query<{ paused: number | null }>(
          `SELECT (EXTRACT(EPOCH FROM "pausedUntil") * 1000)::float8 AS paused FROM "ModelEndpoint" WHERE "id" = $1`,
          [limits.id],
        );
        pause.until = Math.max(pause.until, rows[0]?.paused ?? 0);
        pause.readAt = Date.now();
      }
      return Math.max(0, pause.until - Date.now());
    }
    const { rows } = await query<{ wait: number | null }>(
      `WITH e AS (SELECT "id", COALESCE("pausedUntil", '-infinity') AS paused, COALESCE("rateAt", '-infinity') AS at
                  FROM "ModelEndpoint" WHERE "id" = $1 FOR UPDATE),
            moved AS (UPDATE "ModelEndpoint" m SET "rateAt" = GREATEST(e.at, clock_timestamp()) + $2 * interval '1 millisecond'
                      FROM e WHERE m."id" = e."id" AND e.paused <= clock_timestamp() AND e.at <= clock_timestamp()
                      RETURNING m."id")
       SELECT CASE WHEN EXISTS (SELECT 1 FROM moved) THEN 0
              ELSE GREATEST(1, EXTRACT(EPOCH FROM (GREATEST(e.paused, e.at) - clock_timestamp())) * 1000)::float8 END AS wait
       FROM e`,
      [limits.id, intervalMs],
    );
    return rows[0]?.wait ?? 0;
  }

  function unlock(slot: number): void {
    void query('SELECT pg_advisory_unlock($1::int, $2::int), pg_notify($3, $4)', [
      LOCK_NAMESPACE,
      key(slot),
      CHANNEL,
      String(limits.id),
    ])
      .catch(() => undefined)
      .finally(() => {
        held.delete(slot);
        // A request of this process that waits tries to lock it again, beside the other processes.
        waiters.shift()?.give(null);
      });
  }

  /** The slot goes to a request of this process that waits, or back to every process. */
  function release(slot: number): void {
    const streak = held.get(slot) ?? 0;
    while (waiters.length > 0 && streak < MAX_HANDOVERS) {
      const waiter = waiters.shift()!;
      if (waiter.signal?.aborted) continue;
      held.set(slot, streak + 1);
      waiter.give(slot);
      return;
    }
    unlock(slot);
  }

  /**
   * A slot of this process's, handed over when one of its requests ends; null after `ms` (a slot
   * reserved by a lock attempt that then failed is handed over by nobody, so the caller looks again).
   */
  function waitForHandover(ms: number, signal?: AbortSignal): Promise<number | null> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError(signal));
      const leave = () => {
        const i = waiters.indexOf(waiter);
        if (i >= 0) waiters.splice(i, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        leave();
        reject(abortError(signal!));
      };
      const waiter: Waiter = {
        give: (slot) => {
          leave();
          resolve(slot);
        },
        signal,
      };
      const timer = setTimeout(() => {
        leave();
        resolve(null);
      }, ms);
      waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Until a slot of the endpoint is released in any process, or `ms` have passed. */
  async function waitForRelease(ms: number, signal?: AbortSignal): Promise<void> {
    let wake = () => undefined as void;
    const woken = new Promise<void>((resolve) => {
      wake = resolve;
      wakeOnRelease.add(wake);
    });
    try {
      await Promise.race([woken, sleep(ms, signal)]);
    } finally {
      wakeOnRelease.delete(wake);
    }
  }

  async function takeSlot(signal?: AbortSignal): Promise<number> {
    let poll = POLL_MIN_MS;
    for (;;) {
      if (signal?.aborted) throw abortError(signal);
      if (held.size >= concurrency) {
        const handed = await waitForHandover(POLL_MAX_MS, signal);
        if (handed !== null) return handed;
        continue;
      }
      const slot = await tryLock();
      if (slot !== null) return slot;
      await waitForRelease(poll, signal);
      poll = Math.min(POLL_MAX_MS, poll * 2);
    }
  }

  async function acquire(signal?: AbortSignal): Promise<() => void> {
    for (;;) {
      const slot = await takeSlot(signal);
      let wait: number;
      try {
        wait = await waitForStart();
      } catch (error) {
        release(slot);
        throw error;
      }
      if (wait <= 0) {
        let done = false;
        return () => {
          if (done) return;
          done = true;
          release(slot);
        };
      }
      // Paused or rate-limited: the slot goes back while waiting, so it only ever counts a request in flight.
      release(slot);
      await sleep(wait, signal);
    }
  }

  return {
    acquire,
    async pause(untilMs: number) {
      pause.until = Math.max(pause.until, untilMs);
      await query(
        `UPDATE "ModelEndpoint" SET "pausedUntil" = GREATEST(COALESCE("pausedUntil", '-infinity'), $2::timestamp) WHERE "id" = $1`,
        [limits.id, new Date(untilMs).toISOString().replace('Z', '')],
      );
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}
