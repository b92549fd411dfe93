/**
 * What the workbench keeps in the browser, per user and campaign: the outbox (submissions not yet
 * confirmed) and the drafts (answers given but not submitted). localStorage is used because its
 * writes are synchronous: an answer is on disk before the next key press is handled, and a reload
 * or a crash right after a key press loses nothing. A `Storage`-like object is injected, so the
 * logic runs in tests without a browser. When storage is unavailable (blocked, full), the data
 * stays in memory and `isDurable` says so, so the page can warn.
 */
import type { Answers } from '@/lib/annotation/questions';
import { EMPTY_OUTBOX, parseOutbox, type Outbox } from './outbox';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Draft {
  pairId: number;
  /** an edit of this version; absent for a first answer */
  baseVersion?: number;
  answers: Answers;
  activeMs: number;
  savedAt: number;
}

const MAX_DRAFTS = 50;

export function storageKey(userId: number, campaignId: number, what: 'outbox' | 'drafts'): string {
  return `paralens:workbench:v1:u${userId}:c${campaignId}:${what}`;
}

const draftKey = (pairId: number, baseVersion?: number) => `${pairId}:${baseVersion ?? 'new'}`;

export class LocalStore {
  private memory = new Map<string, string>();
  isDurable: boolean;

  constructor(
    private readonly storage: StorageLike | null,
    private readonly userId: number,
    private readonly campaignId: number,
  ) {
    this.isDurable = storage !== null;
  }

  get outboxKey(): string {
    return storageKey(this.userId, this.campaignId, 'outbox');
  }

  private read(key: string): unknown {
    let text: string | null | undefined = this.memory.get(key);
    if (text === undefined && this.storage) {
      try {
        text = this.storage.getItem(key);
      } catch {
        text = null;
      }
    }
    if (!text) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }

  private write(key: string, value: unknown): void {
    const text = JSON.stringify(value);
    if (this.storage) {
      try {
        this.storage.setItem(key, text);
        this.memory.delete(key);
        return;
      } catch {
        this.isDurable = false;
      }
    }
    this.memory.set(key, text);
  }

  loadOutbox(): Outbox {
    const raw = this.read(this.outboxKey);
    return raw === null ? EMPTY_OUTBOX : parseOutbox(raw);
  }

  saveOutbox(outbox: Outbox): void {
    this.write(this.outboxKey, outbox);
  }

  private loadDrafts(): Record<string, Draft> {
    const raw = this.read(storageKey(this.userId, this.campaignId, 'drafts'));
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, Draft>) : {};
  }

  loadDraft(pairId: number, baseVersion?: number): Draft | null {
    const draft = this.loadDrafts()[draftKey(pairId, baseVersion)];
    return draft && typeof draft.answers === 'object' && draft.answers !== null ? draft : null;
  }

  /** Keeps the answers given so far; the oldest drafts go once there are more than 50. */
  saveDraft(draft: Draft): void {
    const drafts = { ...this.loadDrafts(), [draftKey(draft.pairId, draft.baseVersion)]: draft };
    const keys = Object.keys(drafts).sort((a, b) => (drafts[a]?.savedAt ?? 0) - (drafts[b]?.savedAt ?? 0));
    for (const key of keys.slice(0, Math.max(0, keys.length - MAX_DRAFTS))) delete drafts[key];
    this.write(storageKey(this.userId, this.campaignId, 'drafts'), drafts);
  }

  clearDraft(pairId: number, baseVersion?: number): void {
    const drafts = this.loadDrafts();
    delete drafts[draftKey(pairId, baseVersion)];
    this.write(storageKey(this.userId, this.campaignId, 'drafts'), drafts);
  }
}

/** The browser's localStorage, or null where it is blocked. */
export function browserStorage(): StorageLike | null {
  try {
    const storage = globalThis.localStorage;
    const probe = 'paralens:probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return null;
  }
}

/** A submission id: crypto.randomUUID where the page is a secure context, else random bytes as a UUID v4. */
export function newSubmissionId(
  cryptoImpl: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = globalThis.crypto,
): string {
  if (typeof cryptoImpl.randomUUID === 'function') return cryptoImpl.randomUUID();
  const bytes = cryptoImpl.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
