import { describe, expect, it } from 'vitest';
import { decideSubmission, type SubmissionState } from './submission';

const base: SubmissionState = { assignment: 'PENDING', annotation: null, seen: null, isActive: true, baseVersion: undefined };

describe('decideSubmission', () => {
  it('stores the first answer on a hold, and a late one after expiry or skip', () => {
    expect(decideSubmission(base)).toEqual({ kind: 'create' });
    expect(decideSubmission({ ...base, assignment: 'EXPIRED' })).toEqual({ kind: 'create-late' });
    expect(decideSubmission({ ...base, assignment: 'SKIPPED' })).toEqual({ kind: 'create-late' });
  });

  it('replays a known submissionId, even after the campaign closed', () => {
    const stored = { ...base, assignment: 'SUBMITTED' as const, annotation: { version: 3 }, seen: 'mine' as const };
    expect(decideSubmission(stored)).toEqual({ kind: 'replay' });
    expect(decideSubmission({ ...stored, isActive: false })).toEqual({ kind: 'replay' });
  });

  it('edits only the current version', () => {
    const answered = { ...base, assignment: 'SUBMITTED' as const, annotation: { version: 2 } };
    expect(decideSubmission({ ...answered, baseVersion: 2 })).toEqual({ kind: 'edit' });
    expect(decideSubmission({ ...answered, baseVersion: 1 })).toEqual({ kind: 'refuse', status: 409, reason: 'stale' });
    expect(decideSubmission(answered)).toEqual({ kind: 'refuse', status: 409, reason: 'stale' });
  });

  it('refuses pairs never handed out (404), closed campaigns and reused ids (409)', () => {
    expect(decideSubmission({ ...base, assignment: null, seen: 'other' })).toEqual({
      kind: 'refuse',
      status: 404,
      reason: 'not-assigned',
    });
    expect(decideSubmission({ ...base, isActive: false })).toEqual({ kind: 'refuse', status: 409, reason: 'not-active' });
    expect(decideSubmission({ ...base, seen: 'other' })).toEqual({ kind: 'refuse', status: 409, reason: 'submission-reused' });
  });
});
