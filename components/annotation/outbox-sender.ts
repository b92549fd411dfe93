/**
 * Sends the outbox: one submission at a time, oldest first, retried with backoff until the server
 * confirms. Every change goes through the store first (read, change, write), so a reload, a crash
 * or a second tab of the same campaign sees the same queue; sending is serialised across tabs by
 * an injected lock (the Web Locks API in the browser), and a duplicate send would be harmless
 * anyway because the server recognises the submissionId. Plain TypeScript with injected clock,
 * timers and transport, so every path is unit-tested (outbox-sender.test.ts).
 */
import type { ApiResult, StoredAnnotation } from './workbench-api';
import {
  classify,
  confirm,
  drop,
  enqueue,
  fail,
  keepMine,
  nextDue,
  nextWake,
  retryNow,
  type NewEntry,
  type Outbox,
  type OutboxEntry,
} from './outbox';

export interface OutboxStore {
  loadOutbox(): Outbox;
  saveOutbox(outbox: Outbox): void;
}

export interface OutboxSenderDeps {
  store: OutboxStore;
  submit: (entry: OutboxEntry) => Promise<ApiResult<StoredAnnotation>>;
  now?: () => number;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** runs `fn` while holding a lock shared by the tabs of this campaign (default: no lock) */
  withLock?: (fn: () => Promise<void>) => Promise<void>;
}

export interface OutboxSnapshot {
  entries: readonly OutboxEntry[];
  /** the submission on its way to the server right now (in this tab) */
  sending: string | null;
  /** after a network or server failure nothing is sent before this time (epoch ms; 0 = not paused) */
  pausedUntil: number;
}

export interface SavedEvent {
  entry: OutboxEntry;
  stored: StoredAnnotation;
}

export class OutboxSender {
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly withLock: (fn: () => Promise<void>) => Promise<void>;
  private snap: OutboxSnapshot;
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly listeners = new Set<() => void>();
  private readonly savedListeners = new Set<(event: SavedEvent) => void>();

  constructor(private readonly deps: OutboxSenderDeps) {
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.withLock = deps.withLock ?? ((fn) => fn());
    this.snap = { entries: deps.store.loadOutbox().entries, sending: null, pausedUntil: 0 };
  }

  // ─── observing (useSyncExternalStore) ────────────────────────────────────

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): OutboxSnapshot => this.snap;

  onSaved(listener: (event: SavedEvent) => void): () => void {
    this.savedListeners.add(listener);
    return () => this.savedListeners.delete(listener);
  }

  private publish(change: Partial<OutboxSnapshot>): void {
    this.snap = { ...this.snap, ...change };
    for (const listener of this.listeners) listener();
  }

  /** read, change, write: the store is the truth, other tabs included */
  private mutate(change: (outbox: Outbox) => Outbox): void {
    const next = change(this.deps.store.loadOutbox());
    this.deps.store.saveOutbox(next);
    this.publish({ entries: next.entries });
  }

  // ─── commands ────────────────────────────────────────────────────────────

  /** Keeps a submission (durably, before anything is sent) and starts sending it. */
  add(entry: NewEntry): void {
    this.mutate((o) => enqueue(o, entry, this.now()));
    void this.kick();
  }

  keepMine(submissionId: string): void {
    this.mutate((o) => keepMine(o, submissionId, this.now()));
    void this.kick();
  }

  drop(submissionId: string): void {
    this.mutate((o) => drop(o, submissionId));
  }

  /** Send now instead of waiting out the backoff: back online, or the annotator asked (one rejected entry). */
  retry(submissionId?: string): void {
    this.mutate((o) => retryNow(o, this.now(), submissionId));
    this.publish({ pausedUntil: 0 });
    void this.kick();
  }

  /** Another tab changed the stored outbox. */
  reload(): void {
    this.publish({ entries: this.deps.store.loadOutbox().entries });
    void this.kick();
  }

  /** Starts (again, after stop) and sends whatever waits, without waiting out earlier backoffs. */
  start(): void {
    this.stopped = false;
    this.retry();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  /** Sends whatever is due; resolves when this round is over (tests await it). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.withLock(() => this.drain());
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
        this.schedule();
      }
    })();
    return this.running;
  }

  private async drain(): Promise<void> {
    const tried = new Set<string>();
    while (!this.stopped && this.now() >= this.snap.pausedUntil) {
      const entry = nextDue(this.deps.store.loadOutbox(), this.now(), tried);
      if (!entry) return;
      tried.add(entry.submissionId);
      this.publish({ sending: entry.submissionId });
      let result: ApiResult<StoredAnnotation>;
      try {
        result = await this.deps.submit(entry);
      } catch (error) {
        result = { ok: false, kind: 'network', message: error instanceof Error ? error.message : 'The request failed.' };
      }
      const verdict = classify(result);
      this.publish({ sending: null });
      if ('saved' in verdict) {
        this.mutate((o) => confirm(o, entry.submissionId));
        for (const listener of this.savedListeners) listener({ entry, stored: verdict.saved });
        continue;
      }
      const now = this.now();
      this.mutate((o) => fail(o, entry.submissionId, verdict.failure, now, this.random));
      if (verdict.failure.kind === 'retry') {
        // the network or the server is away: wait for this entry's backoff before trying any other
        const failed = this.deps.store.loadOutbox().entries.find((e) => e.submissionId === entry.submissionId);
        this.publish({ pausedUntil: failed?.nextAttemptAt ?? now });
        return;
      }
    }
  }

  private schedule(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    if (this.stopped) return;
    const wake = nextWake(this.deps.store.loadOutbox());
    if (wake === null) return;
    const at = Math.max(wake, this.snap.pausedUntil);
    this.timer = this.setTimer(
      () => {
        this.timer = null;
        void this.kick();
      },
      Math.max(0, at - this.now()),
    );
  }
}
