/**
 * Annotators that behave as the workbench does when a server dies under them: each asks for its
 * next pair and answers it through the workbench's own API client (components/annotation/workbench-api.ts)
 * with an API token, and a submission that fails is sent again with the same submissionId until the
 * server confirms it, by the outbox's own rule of what to retry (components/annotation/outbox.ts,
 * `classify`). The server stores a submissionId once, so a resend is harmless. For the launcher
 * tests that kill an instance while annotators work (scripts/instances.launcher.test.ts).
 */
import { createApiClient, type ApiClient } from '@/components/annotation/workbench-api';
import { classify } from '@/components/annotation/outbox';

export interface AnnotatorsReport {
  /** submissionIds the server confirmed, with when */
  acknowledged: Array<{ submissionId: string; at: number }>;
  /** sends that failed and were sent again (the outbox's retries) */
  resent: number;
  /** `next` calls that failed and were asked again */
  nextRetries: number;
  /** answers the server refused for good (a rejection the outbox would show; none expected) */
  rejected: string[];
  /** submissions still unconfirmed when the run ended (they would wait in the outbox) */
  unsent: string[];
  /** the failures seen, by message (first few) */
  failures: Map<string, number>;
}

export interface AnnotatorsOptions {
  baseUrl: string;
  campaign: string;
  tokens: readonly string[];
  /** keep asking for pairs while this says so; a submission under way is still seen through */
  keepGoing: () => boolean;
  /** how long one submission may keep failing before it counts as unsent (default 60 s) */
  giveUpAfterMs?: number;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function clientFor(baseUrl: string, token: string): ApiClient {
  return createApiClient({
    timeoutMs: 10_000,
    fetch: (input, init) =>
      fetch(`${baseUrl}${input}`, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` },
      }),
  });
}

async function annotate(options: AnnotatorsOptions, index: number, report: AnnotatorsReport): Promise<void> {
  const api = clientFor(options.baseUrl, options.tokens[index]!);
  const noteFailure = (message: string) => report.failures.set(message, (report.failures.get(message) ?? 0) + 1);
  for (let n = 0; options.keepGoing(); n++) {
    const next = await api.getNextPair(options.campaign);
    if (!next.ok) {
      report.nextRetries += 1;
      noteFailure(`next: ${next.message}`);
      await pause(100);
      continue;
    }
    if (next.data === null) return; // nothing left for this annotator
    const { pairId } = next.data;
    const submissionId = `outbox-${index}-${n}-${pairId}`;
    const body = { submissionId, pairId, answers: { semantic: (pairId + index) % 5 }, durationMs: 1500 };
    const firstTry = Date.now();
    for (;;) {
      const result = classify(await api.submitAnnotation(options.campaign, body));
      if ('saved' in result) {
        report.acknowledged.push({ submissionId, at: Date.now() });
        break;
      }
      if (result.failure.kind !== 'retry') {
        report.rejected.push(`${submissionId}: ${result.failure.message}`);
        break;
      }
      if (Date.now() - firstTry > (options.giveUpAfterMs ?? 60_000)) {
        report.unsent.push(submissionId);
        return;
      }
      report.resent += 1;
      noteFailure(`submit: ${result.failure.message}`);
      await pause(100); // the outbox backs off longer; a short pause keeps the test quick
    }
  }
}

/**
 * Starts one annotator per token; they go on until `keepGoing` says stop (or nothing is left).
 * `report` fills as they work; `finished` settles when the last one has stopped.
 */
export function startOutboxAnnotators(options: AnnotatorsOptions): { report: AnnotatorsReport; finished: Promise<void> } {
  const report: AnnotatorsReport = {
    acknowledged: [],
    resent: 0,
    nextRetries: 0,
    rejected: [],
    unsent: [],
    failures: new Map(),
  };
  const finished = Promise.all(options.tokens.map((_, i) => annotate(options, i, report))).then(() => undefined);
  return { report, finished };
}
