/**
 * Through which door an audited change came (the audit page: "via web, API or CLI"): the API
 * wrapper runs each `/api/v1` handler in the channel of its caller (`api` for a bearer token, `web`
 * for the browser session), the CLI sets `cli` for its commands and `job` for the job processes it
 * runs; anything else in the web server (Server Actions, pages) is `web`. No Next.js import.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditChannel } from '@/lib/access/audit-channels';

export type { AuditChannel };

const store = new AsyncLocalStorage<AuditChannel>();
let processDefault: AuditChannel = 'web';

/** Runs `fn` with every audit entry it records marked as coming through `channel`. */
export function withAuditChannel<T>(channel: AuditChannel, fn: () => T): T {
  return store.run(channel, fn);
}

/** The process's channel outside any `withAuditChannel` (the CLI sets it once at start). */
export function setProcessAuditChannel(channel: AuditChannel): void {
  processDefault = channel;
}

export function currentAuditChannel(): AuditChannel {
  return store.getStore() ?? processDefault;
}
