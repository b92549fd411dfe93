/**
 * The workbench's own state as data and pure transitions (a reducer): the campaign being loaded,
 * the pair on screen or why there is none, going back to earlier answers, the two-press skip, the
 * notice, the panels, the last submission and the gold-pair feedback. Server answers come in as
 * events carrying the request they answer, so an answer to an older request is ignored. No React,
 * no fetch: workbench.tsx runs the requests this state asks for and dispatches what they answer;
 * what is shown, and what a key does, are derived in workbench-view.ts. The answers themselves
 * live in the answer form and the outbox (answer-form.ts, outbox.ts), never here.
 */
import type { Answers } from '@/lib/annotation/questions';
import type { ApiResult, CampaignView, NextPair, StoredAnnotation } from './workbench-api';
import type { LastSubmission } from './save-state';

export const SKIP_CONFIRM_MS = 5_000;

/** The pair just answered, kept on screen (dimmed) until the next one arrives. */
export interface AnsweredPair {
  pair: NextPair;
  answers: Answers;
}

export type PairScreen =
  /** asking the server, or waiting until the answer just given is confirmed (the server would hand out the same pair again) */
  | { kind: 'waiting'; previous?: AnsweredPair }
  | { kind: 'pair'; pair: NextPair }
  | { kind: 'done' }
  | { kind: 'unavailable'; message: string; retryable: boolean };

export type CampaignLoad = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; campaign: CampaignView };

/** A test pair answered differently from the expected answer: shown before the work goes on. */
export interface GoldMiss {
  texts: [string, string];
  given: Answers;
  expected: Answers;
  explanation: string;
}

export interface WorkbenchState {
  load: CampaignLoad;
  /** grows with each load of the campaign: the request an answer must carry to count */
  loadSeq: number;
  screen: PairScreen;
  /** grows each time the workbench starts waiting for a pair: the request a pair must carry to count */
  pairSeq: number;
  progress: { done: number; remaining: number; remainingCapped: boolean } | null;
  /** how far back in the annotator's earlier answers (0 = the newest), null on the current pair */
  historyIndex: number | null;
  /** going back was asked for: the history is loaded (refreshed first when leaving the current pair) */
  historyRequest: { index: number; refresh: boolean } | null;
  /** when s was pressed once (null: not armed) */
  skipArmedAt: number | null;
  /** the pair whose skip is on its way to the server */
  skipping: number | null;
  last: LastSubmission | null;
  /** the version the server stored, per submission */
  savedVersions: Readonly<Record<string, number>>;
  notice: string | null;
  showHelp: boolean;
  showGuidelines: boolean;
  /** the last key that would have answered, pressed while waiting for the next pair */
  ignoredKey: string | null;
  goldMiss: GoldMiss | null;
}

export type WorkbenchEvent =
  | { type: 'campaignArrived'; seq: number; result: ApiResult<CampaignView> }
  | { type: 'campaignRetry' }
  | { type: 'wordingArrived'; campaign: CampaignView }
  | { type: 'pairArrived'; seq: number; result: ApiResult<NextPair | null> }
  /** the retry timer, the browser back online, or "Try again" */
  | { type: 'pairRetry' }
  | { type: 'missingAnswers' }
  | { type: 'unchanged'; version: number }
  /** the answers went into the outbox */
  | { type: 'submitted'; submissionId: string; answers: Answers }
  | { type: 'skipPair'; now: number }
  | { type: 'skipAnswered'; pairId: number; result: ApiResult<unknown> }
  | { type: 'back' }
  /** the history asked for is loaded: `count` earlier answers are known (null: it could not be loaded) */
  | { type: 'historyLoaded'; index: number; count: number | null }
  | { type: 'forward' }
  | { type: 'current' }
  | { type: 'toggleHelp' }
  | { type: 'closeHelp' }
  | { type: 'toggleGuidelines' }
  | { type: 'closeGuidelines' }
  | { type: 'keyIgnored'; key: string }
  | { type: 'saved'; submissionId: string; texts: [string, string]; given: Answers; stored: StoredAnnotation }
  | { type: 'goldDismissed' };

export const NOTICES = {
  missing: 'Some required answers are missing (marked in red).',
  unchanged: (version: number) => `Nothing changed: version ${version} stays as it is.`,
  skipArmed: 'Press s again to skip this pair: it goes back to the pool and you will not see it again.',
  skipped: 'Pair skipped.',
  skipFailed: (message: string) => `The pair could not be skipped: ${message}`,
  historyUnavailable: 'Your earlier answers cannot be loaded right now.',
  noHistory: 'No saved answers yet (answers waiting to be sent are listed under “Not saved yet”).',
  oldest: 'This is your oldest saved answer.',
  wording: (version: number) =>
    `Guidelines updated: the guidelines or question wording changed (wording version ${version}); you see the new text now.`,
};

export const initialWorkbenchState: WorkbenchState = {
  load: { kind: 'loading' },
  loadSeq: 0,
  screen: { kind: 'waiting' },
  pairSeq: 0,
  progress: null,
  historyIndex: null,
  historyRequest: null,
  skipArmedAt: null,
  skipping: null,
  last: null,
  savedVersions: {},
  notice: null,
  showHelp: false,
  showGuidelines: true,
  ignoredKey: null,
  goldMiss: null,
};

/** A failed `next`: the network or the server (retried by itself), or a refusal (said as it is). */
export function screenFor(result: ApiResult<NextPair | null>): PairScreen {
  if (result.ok) return result.data === null ? { kind: 'done' } : { kind: 'pair', pair: result.data };
  if (result.kind === 'network' || (result.kind === 'http' && (result.status >= 500 || result.status === 401))) {
    return { kind: 'unavailable', retryable: true, message: `${result.message} The next pair loads when the server is back.` };
  }
  return { kind: 'unavailable', retryable: false, message: result.message };
}

/** Start waiting for the next pair (a new request), the answered one kept on screen meanwhile. */
const awaitPair = (s: WorkbenchState, previous?: AnsweredPair): WorkbenchState => ({
  ...s,
  screen: { kind: 'waiting', previous },
  pairSeq: s.pairSeq + 1,
});

const onCurrentPair = (s: WorkbenchState) => s.historyIndex === null && s.screen.kind === 'pair';

export function workbenchReducer(s: WorkbenchState, e: WorkbenchEvent): WorkbenchState {
  switch (e.type) {
    case 'campaignArrived':
      if (e.seq !== s.loadSeq) return s;
      if (e.result.ok) return { ...s, load: { kind: 'ready', campaign: e.result.data }, progress: e.result.data.progress };
      return s.load.kind === 'ready' ? s : { ...s, load: { kind: 'failed', message: e.result.message } };
    case 'campaignRetry':
      return s.load.kind === 'failed' ? { ...s, load: { kind: 'loading' }, loadSeq: s.loadSeq + 1 } : s;
    case 'wordingArrived':
      if (s.load.kind !== 'ready' || e.campaign.wordingVersion <= s.load.campaign.wordingVersion) return s;
      return { ...s, load: { kind: 'ready', campaign: e.campaign }, notice: NOTICES.wording(e.campaign.wordingVersion) };
    case 'pairArrived': {
      if (e.seq !== s.pairSeq || s.screen.kind !== 'waiting') return s;
      const data = e.result.ok ? e.result.data : null;
      return {
        ...s,
        screen: screenFor(e.result),
        progress: data ? { done: data.done, remaining: data.remaining, remainingCapped: data.remainingCapped } : s.progress,
      };
    }
    case 'pairRetry':
      return s.screen.kind === 'unavailable' ? awaitPair(s) : s;
    case 'missingAnswers':
      return { ...s, notice: NOTICES.missing };
    case 'unchanged':
      return { ...s, notice: NOTICES.unchanged(e.version) };
    case 'submitted': {
      const edit = s.historyIndex !== null;
      const next = {
        ...s,
        last: { submissionId: e.submissionId, what: edit ? 'Your edit' : 'Your answer' },
        notice: null,
        ignoredKey: null,
      };
      return !edit && s.screen.kind === 'pair' ? awaitPair(next, { pair: s.screen.pair, answers: e.answers }) : next;
    }
    case 'skipPair':
      if (!onCurrentPair(s) || s.skipping !== null) return s;
      if (s.skipArmedAt === null || e.now - s.skipArmedAt > SKIP_CONFIRM_MS)
        return { ...s, skipArmedAt: e.now, notice: NOTICES.skipArmed };
      return { ...s, skipArmedAt: null, skipping: s.screen.kind === 'pair' ? s.screen.pair.pairId : null };
    case 'skipAnswered':
      if (e.pairId !== s.skipping) return s;
      if (!e.result.ok) return { ...s, skipping: null, notice: NOTICES.skipFailed(e.result.message) };
      return awaitPair({ ...s, skipping: null, notice: NOTICES.skipped });
    case 'back':
      if (s.historyRequest) return s;
      return {
        ...s,
        historyRequest: { index: s.historyIndex === null ? 0 : s.historyIndex + 1, refresh: s.historyIndex === null },
      };
    case 'historyLoaded': {
      if (s.historyRequest?.index !== e.index) return s;
      const done = { ...s, historyRequest: null };
      if (e.count === null) return { ...done, notice: NOTICES.historyUnavailable };
      if (e.index >= e.count) return { ...done, notice: e.count === 0 ? NOTICES.noHistory : NOTICES.oldest };
      return { ...done, historyIndex: e.index, notice: null };
    }
    case 'forward':
      return { ...s, historyIndex: s.historyIndex === null || s.historyIndex === 0 ? null : s.historyIndex - 1 };
    case 'current':
      return { ...s, historyIndex: null };
    case 'toggleHelp':
      return { ...s, showHelp: !s.showHelp };
    case 'closeHelp':
      return { ...s, showHelp: false };
    case 'toggleGuidelines':
      return { ...s, showGuidelines: !s.showGuidelines };
    case 'closeGuidelines':
      return { ...s, showGuidelines: false };
    case 'keyIgnored':
      return { ...s, ignoredKey: e.key };
    case 'saved': {
      const { gold, version } = e.stored;
      const savedVersions = { ...s.savedVersions, [e.submissionId]: version };
      const miss =
        gold && !gold.correct && gold.expected
          ? { texts: e.texts, given: e.given, expected: gold.expected, explanation: gold.explanation ?? '' }
          : s.goldMiss;
      return { ...s, savedVersions, goldMiss: miss };
    }
    case 'goldDismissed':
      return { ...s, goldMiss: null };
  }
}
