import { describe, expect, it } from 'vitest';
import { enqueue, EMPTY_OUTBOX, fail } from './outbox';
import type { OutboxSnapshot } from './outbox-sender';
import { saveStateOf } from './save-state';

const last = { submissionId: 's1', what: 'Your answer' };
const queued = enqueue(
  EMPTY_OUTBOX,
  { submissionId: 's1', campaignId: 1, pairId: 1, answers: {}, durationMs: 0, texts: ['a', 'b'] },
  0,
);
const snap = (entries = queued.entries, sending: string | null = null): OutboxSnapshot => ({ entries, sending, pausedUntil: 0 });

describe('saveStateOf', () => {
  it('says saved only after a confirmation', () => {
    expect(saveStateOf(last, snap(), {}, false)).toEqual({ kind: 'queued', what: 'Your answer', error: undefined });
    expect(saveStateOf(last, snap(queued.entries, 's1'), {}, false)).toEqual({ kind: 'sending', what: 'Your answer' });
    expect(saveStateOf(last, snap([]), {}, false)).toEqual({ kind: 'none' });
    expect(saveStateOf(last, snap([]), { s1: 2 }, false)).toEqual({ kind: 'saved', what: 'Your answer', version: 2 });
  });

  it('reports a queued retry, a conflict and a rejection', () => {
    const retried = fail(queued, 's1', { kind: 'retry', message: 'offline' }, 0).entries;
    expect(saveStateOf(last, snap(retried), {}, false)).toMatchObject({ kind: 'queued', error: 'offline' });
    const rejected = fail(queued, 's1', { kind: 'reject', message: 'reassigned' }, 0).entries;
    expect(saveStateOf(last, snap(rejected), {}, false)).toEqual({ kind: 'problem', what: 'Your answer', message: 'reassigned' });
    const current = {
      pairId: 1,
      submissionId: 'x',
      version: 2,
      answers: {},
      storedAnswers: {},
      durationMs: null,
      createdAt: '',
      updatedAt: '',
    };
    const conflict = fail(queued, 's1', { kind: 'conflict', message: 'stale', current }, 0).entries;
    expect(saveStateOf(last, snap(conflict), {}, false)).toMatchObject({
      kind: 'problem',
      message: expect.stringContaining('changed elsewhere') as string,
    });
  });

  it('shows a draft once the annotator answers the next pair', () => {
    expect(saveStateOf(last, snap([]), { s1: 1 }, true)).toEqual({ kind: 'draft' });
    expect(saveStateOf(null, snap([]), {}, true)).toEqual({ kind: 'draft' });
    expect(saveStateOf(null, snap([]), {}, false)).toEqual({ kind: 'none' });
  });
});
