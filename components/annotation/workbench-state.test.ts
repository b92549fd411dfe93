import { describe, expect, it } from 'vitest';
import type { ApiResult } from './workbench-api';
import { initialWorkbenchState as start, NOTICES, SKIP_CONFIRM_MS } from './workbench-state';
import { campaign, loaded, nextPair, offline, ok, refused, run, stored } from './testing/workbench-fixtures';

const pair = nextPair(11);
const answers = { semantic: 3, paraphraseLoose: true };

describe('loading the campaign', () => {
  it('loads, then shows the campaign with its progress', () => {
    expect(start.load).toEqual({ kind: 'loading' });
    const s = run([
      { type: 'campaignArrived', seq: 0, result: ok(campaign({ progress: { done: 2, remaining: 5, remainingCapped: false } })) },
    ]);
    expect(s.load).toMatchObject({ kind: 'ready', campaign: { name: 'Campaign 7' } });
    expect(s.progress).toEqual({ done: 2, remaining: 5, remainingCapped: false });
  });

  it('says why it failed; "Try again" asks again and only the new answer counts', () => {
    const failed = run([{ type: 'campaignArrived', seq: 0, result: refused(404, 'Not found.') }]);
    expect(failed.load).toEqual({ kind: 'failed', message: 'Not found.' });
    const retrying = run([{ type: 'campaignRetry' }], failed);
    expect(retrying).toMatchObject({ load: { kind: 'loading' }, loadSeq: 1 });
    expect(run([{ type: 'campaignArrived', seq: 0, result: ok(campaign()) }], retrying).load.kind).toBe('loading');
    expect(run([{ type: 'campaignArrived', seq: 1, result: ok(campaign()) }], retrying).load.kind).toBe('ready');
  });

  it('a failure after the campaign is on screen does not take it away', () => {
    const s = loaded(pair);
    expect(run([{ type: 'campaignArrived', seq: 0, result: offline }], s).load.kind).toBe('ready');
    expect(run([{ type: 'campaignRetry' }], s)).toBe(s);
  });

  it('newer wording replaces the text and says so; an older answer arriving late is ignored', () => {
    const s = run([{ type: 'wordingArrived', campaign: campaign({ wordingVersion: 3, guidelines: 'new' }) }], loaded(pair));
    expect(s.load).toMatchObject({ campaign: { wordingVersion: 3, guidelines: 'new' } });
    expect(s.notice).toBe(NOTICES.wording(3));
    expect(run([{ type: 'wordingArrived', campaign: campaign({ wordingVersion: 2 }) }], s)).toBe(s);
  });
});

describe('the next pair', () => {
  it('shows the pair and the progress it brings; null means nothing is left', () => {
    expect(loaded(pair)).toMatchObject({ screen: { kind: 'pair', pair }, progress: { done: 3, remaining: 7 } });
    expect(loaded(null).screen).toEqual({ kind: 'done' });
  });

  it('network and server failures are retried; a refusal is said as it is', () => {
    const s = run([{ type: 'campaignArrived', seq: 0, result: ok(campaign()) }]);
    const answer = (result: ApiResult<never>) => run([{ type: 'pairArrived', seq: 0, result }], s).screen;
    expect(answer(offline)).toEqual({
      kind: 'unavailable',
      retryable: true,
      message: 'The server is out of reach. The next pair loads when the server is back.',
    });
    expect(answer(refused(503, 'Down.'))).toMatchObject({ retryable: true });
    expect(answer(refused(401, 'Signed out.'))).toMatchObject({ retryable: true });
    expect(answer(refused(409, 'The campaign is paused.'))).toEqual({
      kind: 'unavailable',
      retryable: false,
      message: 'The campaign is paused.',
    });
  });

  it('a retry asks again (a new request); a stray retry never drops the pair on screen', () => {
    const failed = run([
      { type: 'campaignArrived', seq: 0, result: ok(campaign()) },
      { type: 'pairArrived', seq: 0, result: offline },
    ]);
    expect(run([{ type: 'pairRetry' }], failed)).toMatchObject({ screen: { kind: 'waiting' }, pairSeq: 1 });
    const showing = loaded(pair);
    expect(run([{ type: 'pairRetry' }], showing)).toBe(showing);
  });

  it('an answer to an earlier request is ignored (the pair just answered never comes back)', () => {
    const s = run([{ type: 'submitted', submissionId: 's1', answers }], loaded(pair));
    expect(s.pairSeq).toBe(1);
    expect(run([{ type: 'pairArrived', seq: 0, result: ok(pair) }], s)).toBe(s);
    expect(run([{ type: 'pairArrived', seq: 1, result: ok(nextPair(12)) }], s).screen).toEqual({
      kind: 'pair',
      pair: nextPair(12),
    });
  });

  it('an answer while a pair is already on screen is ignored', () => {
    const s = loaded(pair);
    expect(run([{ type: 'pairArrived', seq: s.pairSeq, result: ok(nextPair(12)) }], s)).toBe(s);
  });
});

describe('submitting', () => {
  it('keeps the answered pair on screen with its answers until the next arrives, and remembers the submission', () => {
    const s = run(
      [
        { type: 'keyIgnored', key: '3' },
        { type: 'submitted', submissionId: 's1', answers },
      ],
      loaded(pair),
    );
    expect(s.screen).toEqual({ kind: 'waiting', previous: { pair, answers } });
    expect(s).toMatchObject({ last: { submissionId: 's1', what: 'Your answer' }, notice: null, ignoredKey: null });
  });

  it('an edit of an earlier answer keeps the current pair and the place in the history', () => {
    const back = run([{ type: 'back' }, { type: 'historyLoaded', index: 0, count: 2 }], loaded(pair));
    const s = run([{ type: 'submitted', submissionId: 's2', answers }], back);
    expect(s).toMatchObject({ screen: { kind: 'pair', pair }, historyIndex: 0, last: { submissionId: 's2', what: 'Your edit' } });
  });

  it('missing answers and an unchanged edit say so and change nothing else', () => {
    const s = loaded(pair);
    expect(run([{ type: 'missingAnswers' }], s)).toEqual({ ...s, notice: NOTICES.missing });
    expect(run([{ type: 'unchanged', version: 2 }], s)).toEqual({ ...s, notice: 'Nothing changed: version 2 stays as it is.' });
  });

  it('an acknowledged answer stays acknowledged whatever the next pair request does', () => {
    let s = run([{ type: 'submitted', submissionId: 's1', answers }], loaded(pair));
    s = run(
      [
        { type: 'pairArrived', seq: s.pairSeq, result: offline },
        { type: 'saved', submissionId: 's1', texts: pair.texts, given: answers, stored: stored(11, 1, answers) },
        { type: 'pairRetry' },
      ],
      s,
    );
    expect(s).toMatchObject({ last: { submissionId: 's1' }, savedVersions: { s1: 1 }, screen: { kind: 'waiting' } });
  });
});

describe('skipping takes two presses within five seconds', () => {
  it('arms on the first press, sends on the second, and ignores presses while it is on its way', () => {
    const armed = run([{ type: 'skipPair', now: 1_000 }], loaded(pair));
    expect(armed).toMatchObject({ skipArmedAt: 1_000, notice: NOTICES.skipArmed, skipping: null });
    const sending = run([{ type: 'skipPair', now: 1_000 + SKIP_CONFIRM_MS }], armed);
    expect(sending).toMatchObject({ skipping: 11, skipArmedAt: null });
    expect(run([{ type: 'skipPair', now: 7_000 }], sending)).toBe(sending);
  });

  it('a second press after five seconds only arms again', () => {
    const s = run(
      [
        { type: 'skipPair', now: 1_000 },
        { type: 'skipPair', now: 1_001 + SKIP_CONFIRM_MS },
      ],
      loaded(pair),
    );
    expect(s).toMatchObject({ skipping: null, skipArmedAt: 1_001 + SKIP_CONFIRM_MS });
  });

  it('does nothing on an earlier answer, while waiting or when nothing is left', () => {
    const back = run([{ type: 'back' }, { type: 'historyLoaded', index: 0, count: 1 }], loaded(pair));
    expect(run([{ type: 'skipPair', now: 1 }], back)).toBe(back);
    const waiting = run([{ type: 'submitted', submissionId: 's1', answers }], loaded(pair));
    expect(run([{ type: 'skipPair', now: 1 }], waiting)).toBe(waiting);
    const done = loaded(null);
    expect(run([{ type: 'skipPair', now: 1 }], done)).toBe(done);
  });

  it('the server agreeing moves on; refusing keeps the pair and says why; a stale answer is ignored', () => {
    const sending = run(
      [
        { type: 'skipPair', now: 1 },
        { type: 'skipPair', now: 2 },
      ],
      loaded(pair),
    );
    expect(run([{ type: 'skipAnswered', pairId: 11, result: ok(null) }], sending)).toMatchObject({
      screen: { kind: 'waiting' },
      skipping: null,
      notice: 'Pair skipped.',
      pairSeq: sending.pairSeq + 1,
    });
    expect(run([{ type: 'skipAnswered', pairId: 11, result: refused(409, 'Already answered.') }], sending)).toMatchObject({
      screen: { kind: 'pair', pair },
      skipping: null,
      notice: 'The pair could not be skipped: Already answered.',
    });
    expect(run([{ type: 'skipAnswered', pairId: 99, result: ok(null) }], sending)).toBe(sending);
  });
});

describe('going back to earlier answers', () => {
  it('[ asks for the newest (refreshed), then older ones; ] comes forward, Esc returns to the pair', () => {
    const s = loaded(pair);
    const asked = run([{ type: 'back' }], s);
    expect(asked.historyRequest).toEqual({ index: 0, refresh: true });
    expect(run([{ type: 'back' }], asked)).toBe(asked);
    const first = run([{ type: 'historyLoaded', index: 0, count: 3 }], asked);
    expect(first).toMatchObject({ historyIndex: 0, historyRequest: null, screen: { kind: 'pair', pair } });
    const second = run([{ type: 'back' }, { type: 'historyLoaded', index: 1, count: 3 }], first);
    expect(run([{ type: 'back' }], first).historyRequest).toEqual({ index: 1, refresh: false });
    expect(second.historyIndex).toBe(1);
    expect(run([{ type: 'forward' }], second).historyIndex).toBe(0);
    expect(run([{ type: 'forward' }, { type: 'forward' }], second).historyIndex).toBeNull();
    expect(run([{ type: 'current' }], second).historyIndex).toBeNull();
  });

  it('says when there is nothing (older) to show, or it cannot be loaded', () => {
    const asked = run([{ type: 'back' }], loaded(pair));
    expect(run([{ type: 'historyLoaded', index: 0, count: 0 }], asked)).toMatchObject({
      historyIndex: null,
      notice: NOTICES.noHistory,
    });
    expect(run([{ type: 'historyLoaded', index: 0, count: null }], asked).notice).toBe(NOTICES.historyUnavailable);
    const first = run([{ type: 'historyLoaded', index: 0, count: 1 }], asked);
    const oldest = run([{ type: 'back' }, { type: 'historyLoaded', index: 1, count: 1 }], first);
    expect(oldest).toMatchObject({ historyIndex: 0, notice: NOTICES.oldest, historyRequest: null });
  });

  it('a history answer nobody asked for is ignored', () => {
    const s = loaded(pair);
    expect(run([{ type: 'historyLoaded', index: 0, count: 3 }], s)).toBe(s);
  });
});

describe('panels, ignored keys and the gold feedback', () => {
  it('the guidelines start open, the help closed; both toggle and close', () => {
    expect(start).toMatchObject({ showGuidelines: true, showHelp: false });
    expect(run([{ type: 'toggleHelp' }]).showHelp).toBe(true);
    expect(run([{ type: 'toggleHelp' }, { type: 'closeHelp' }]).showHelp).toBe(false);
    expect(run([{ type: 'toggleGuidelines' }]).showGuidelines).toBe(false);
    expect(run([{ type: 'toggleGuidelines' }, { type: 'toggleGuidelines' }]).showGuidelines).toBe(true);
    expect(run([{ type: 'closeGuidelines' }]).showGuidelines).toBe(false);
  });

  it('a missed gold pair opens the feedback until dismissed; a hit says nothing', () => {
    const save = (gold: { correct: boolean; expected?: typeof answers; explanation?: string }) =>
      ({
        type: 'saved',
        submissionId: 's1',
        texts: pair.texts,
        given: answers,
        stored: stored(11, 1, answers, { gold }),
      }) as const;
    expect(run([save({ correct: true })]).goldMiss).toBeNull();
    const missed = run([
      save({ correct: false, expected: { semantic: 1, paraphraseLoose: false }, explanation: 'Dates differ.' }),
    ]);
    expect(missed.goldMiss).toEqual({
      texts: pair.texts,
      given: answers,
      expected: { semantic: 1, paraphraseLoose: false },
      explanation: 'Dates differ.',
    });
    expect(run([save({ correct: true })], missed).goldMiss).toEqual(missed.goldMiss);
    expect(run([{ type: 'goldDismissed' }], missed).goldMiss).toBeNull();
  });
});
