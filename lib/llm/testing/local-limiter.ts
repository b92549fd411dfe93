/**
 * An in-memory RequestLimiter for tests and single-process use: at most `concurrency` slots at
 * once, handed out in request order, none while a Retry-After pause lasts. The job runner's limiter
 * is shared across processes (PostgreSQL); this one shows the contract the transport relies on.
 */
import type { RequestLimiter } from '../endpoint';
import { abortError } from '../transport-errors';

export interface LocalLimiter extends RequestLimiter {
  stats: { inFlight: number; maxInFlight: number; acquired: number };
  /** every pause asked for, as the epoch milliseconds it lasts until */
  pauses: number[];
}

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (error: Error) => void;
  signal?: AbortSignal;
  onAbort: () => void;
}

export function createLocalLimiter(concurrency: number): LocalLimiter {
  const queue: Waiter[] = [];
  const stats = { inFlight: 0, maxInFlight: 0, acquired: 0 };
  const pauses: number[] = [];
  let pausedUntil = 0;
  let timer: NodeJS.Timeout | null = null;

  const grant = (): (() => void) => {
    stats.inFlight += 1;
    stats.acquired += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      stats.inFlight -= 1;
      pump();
    };
  };

  function pump(): void {
    const now = Date.now();
    if (pausedUntil > now) {
      timer ??= setTimeout(() => {
        timer = null;
        pump();
      }, pausedUntil - now);
      return;
    }
    while (stats.inFlight < concurrency && queue.length > 0) {
      const waiter = queue.shift()!;
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(grant());
    }
  }

  return {
    stats,
    pauses,
    acquire(signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(abortError(signal));
        const waiter: Waiter = {
          resolve,
          reject,
          signal,
          onAbort: () => {
            const at = queue.indexOf(waiter);
            if (at !== -1) queue.splice(at, 1);
            reject(abortError(signal));
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        queue.push(waiter);
        pump();
      });
    },
    pause(untilMs) {
      pauses.push(untilMs);
      pausedUntil = Math.max(pausedUntil, untilMs);
      return Promise.resolve();
    },
  };
}
