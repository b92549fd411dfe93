/**
 * The outbox: submissions that the server has not confirmed yet, as plain data and pure
 * transitions (docs/workbench.md). An entry is created the moment the annotator submits, kept in
 * local storage, and leaves the outbox only when the server answered 2xx (saved) or the annotator
 * decided (took the server's values in a conflict, or discarded a rejected answer). Every retry
 * sends the same client-generated submissionId, so the server stores it at most once.
 *
 *   queued ──send──▶ (in flight) ──2xx──▶ removed: saved
 *      ▲                  │ network, 5xx, 429, 401, bad body: queued again after a backoff
 *      │                  │ 409 with the current values: conflict ──keep mine──▶ queued (new baseVersion)
 *      │                  │                                          └─take server's──▶ removed
 *      └──retry── rejected ◀── 400, 403, 404, 409 without values (reassigned, campaign closed)
 */
import type { Answers } from '@/lib/annotation/questions';
import type { ApiResult, StoredAnnotation } from './workbench-api';
import { backoffDelay } from './backoff';

export type EntryState = 'queued' | 'conflict' | 'rejected';

export interface OutboxEntry {
  submissionId: string;
  campaignId: number;
  pairId: number;
  /** answers as shown to the annotator (relations in the order shown) */
  answers: Answers;
  durationMs: number;
  /** an edit: the version it changes */
  baseVersion?: number;
  /** the texts as shown, so a queued or conflicting answer can be read without the server */
  texts: [string, string];
  createdAt: number;
  state: EntryState;
  attempts: number;
  /** epoch ms; a queued entry is not sent before */
  nextAttemptAt: number;
  lastError?: string;
  /** conflict: the server's current annotation */
  current?: StoredAnnotation;
}

export interface Outbox {
  entries: OutboxEntry[];
}

export const EMPTY_OUTBOX: Outbox = { entries: [] };

export type NewEntry = Pick<
  OutboxEntry,
  'submissionId' | 'campaignId' | 'pairId' | 'answers' | 'durationMs' | 'baseVersion' | 'texts'
>;

/** What a failed send means for the entry. */
export type Failure =
  | { kind: 'retry'; message: string }
  | { kind: 'conflict'; message: string; current: StoredAnnotation }
  | { kind: 'reject'; message: string };

export function enqueue(outbox: Outbox, entry: NewEntry, now: number): Outbox {
  if (outbox.entries.some((e) => e.submissionId === entry.submissionId)) return outbox;
  return { entries: [...outbox.entries, { ...entry, createdAt: now, state: 'queued', attempts: 0, nextAttemptAt: now }] };
}

function update(outbox: Outbox, submissionId: string, change: (e: OutboxEntry) => OutboxEntry | null): Outbox {
  const entries: OutboxEntry[] = [];
  for (const e of outbox.entries) {
    if (e.submissionId !== submissionId) entries.push(e);
    else {
      const next = change(e);
      if (next) entries.push(next);
    }
  }
  return { entries };
}

/** The server confirmed: the entry leaves the outbox. */
export function confirm(outbox: Outbox, submissionId: string): Outbox {
  return update(outbox, submissionId, () => null);
}

/** A send failed: queued again after a backoff, or set aside for the annotator to decide. */
export function fail(
  outbox: Outbox,
  submissionId: string,
  failure: Failure,
  now: number,
  random: () => number = Math.random,
): Outbox {
  return update(outbox, submissionId, (e) => {
    const attempts = e.attempts + 1;
    if (failure.kind === 'retry')
      return { ...e, state: 'queued', attempts, lastError: failure.message, nextAttemptAt: now + backoffDelay(attempts, random) };
    if (failure.kind === 'conflict')
      return { ...e, state: 'conflict', attempts, lastError: failure.message, current: failure.current };
    return { ...e, state: 'rejected', attempts, lastError: failure.message };
  });
}

/** Conflict resolved in the annotator's favour: send their answers again as an edit of the current version. */
export function keepMine(outbox: Outbox, submissionId: string, now: number): Outbox {
  return update(outbox, submissionId, (e) =>
    e.state === 'conflict' && e.current
      ? {
          ...e,
          state: 'queued',
          baseVersion: e.current.version,
          current: undefined,
          lastError: undefined,
          attempts: 0,
          nextAttemptAt: now,
        }
      : e,
  );
}

/** Conflict resolved in the server's favour, or a rejected answer dismissed: it leaves the outbox. */
export function drop(outbox: Outbox, submissionId: string): Outbox {
  return update(outbox, submissionId, (e) => (e.state === 'queued' ? e : null));
}

/** Try again now: every queued entry (back online, server back), or one rejected entry the annotator retries. */
export function retryNow(outbox: Outbox, now: number, submissionId?: string): Outbox {
  return {
    entries: outbox.entries.map((e) =>
      submissionId === undefined
        ? e.state === 'queued'
          ? { ...e, nextAttemptAt: Math.min(e.nextAttemptAt, now) }
          : e
        : e.submissionId === submissionId && e.state !== 'conflict'
          ? { ...e, state: 'queued', nextAttemptAt: now }
          : e,
    ),
  };
}

/**
 * The entry to send next: the oldest queued one that is due, skipping pairs that have an older
 * entry still unresolved (an edit never overtakes the answer it edits).
 */
export function nextDue(outbox: Outbox, now: number, skip: ReadonlySet<string> = new Set()): OutboxEntry | null {
  const blocked = new Set<number>();
  for (const e of outbox.entries) {
    if (blocked.has(e.pairId)) continue;
    if (e.state === 'queued' && e.nextAttemptAt <= now && !skip.has(e.submissionId)) return e;
    blocked.add(e.pairId);
  }
  return null;
}

/** When the earliest waiting entry becomes due (null: nothing is waiting). */
export function nextWake(outbox: Outbox): number | null {
  const times = outbox.entries.filter((e) => e.state === 'queued').map((e) => e.nextAttemptAt);
  return times.length > 0 ? Math.min(...times) : null;
}

/** Reads a server answer to a submission: saved, or which failure. */
export function classify(result: ApiResult<StoredAnnotation>): { saved: StoredAnnotation } | { failure: Failure } {
  if (result.ok) return { saved: result.data };
  if (result.kind === 'network' || result.kind === 'bad-response') return { failure: { kind: 'retry', message: result.message } };
  const { status, body, message } = result;
  if (status === 409 && body?.current) return { failure: { kind: 'conflict', message, current: body.current } };
  if (status === 401)
    return { failure: { kind: 'retry', message: 'You are signed out: sign in again in this browser (your answers wait here).' } };
  if (status === 408 || status === 429 || status >= 500) return { failure: { kind: 'retry', message } };
  return { failure: { kind: 'reject', message } };
}

/** Entries of one pair, oldest first (the workbench waits for a pair's answer before asking for the next pair). */
export function entriesFor(outbox: Outbox, pairId: number): OutboxEntry[] {
  return outbox.entries.filter((e) => e.pairId === pairId);
}

/** Reads a stored outbox defensively: anything malformed is kept out rather than crashing the page. */
export function parseOutbox(raw: unknown): Outbox {
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as Outbox).entries)) return EMPTY_OUTBOX;
  const entries = (raw as Outbox).entries.filter(
    (e): e is OutboxEntry =>
      typeof e === 'object' &&
      e !== null &&
      typeof e.submissionId === 'string' &&
      typeof e.pairId === 'number' &&
      typeof e.campaignId === 'number' &&
      typeof e.answers === 'object' &&
      Array.isArray(e.texts),
  );
  return {
    entries: entries.map((e) => ({
      ...e,
      state: e.state === 'conflict' || e.state === 'rejected' ? e.state : 'queued',
      attempts: Number(e.attempts) || 0,
      nextAttemptAt: Number(e.nextAttemptAt) || 0,
    })),
  };
}
