/**
 * What a submission does, given what is stored: the rules of idempotent submits and versioned
 * edits (the design follows the lessons of Label Studio #6674 and Prodigy's duplicate
 * reports: a retry must never create a second row, and an edit must not silently overwrite a
 * newer one). The database code reads the state under row locks and then carries out the decision
 * (lib/services/annotation/submit-answer.ts). Pure.
 */
export type AssignmentState = 'PENDING' | 'SUBMITTED' | 'SKIPPED' | 'EXPIRED';

export interface SubmissionState {
  /** the caller's assignment for the pair in this campaign (null: never handed to them) */
  assignment: AssignmentState | null;
  /** the caller's stored annotation of the pair */
  annotation: { version: number } | null;
  /** where the submissionId was seen before: this annotation (current or an older version), or another one */
  seen: 'mine' | 'other' | null;
  isActive: boolean;
  baseVersion: number | undefined;
}

export type SubmissionDecision =
  /** a retry: answer with the stored annotation, change nothing (200) */
  | { kind: 'replay' }
  /** the first answer, on the caller's hold (201) */
  | { kind: 'create' }
  /** the first answer after the hold expired or was skipped: only while a slot is free (201, else 409) */
  | { kind: 'create-late' }
  /** a new version of the caller's answer (200) */
  | { kind: 'edit' }
  | { kind: 'refuse'; status: 404 | 409; reason: 'not-assigned' | 'not-active' | 'stale' | 'submission-reused' };

export function decideSubmission(state: SubmissionState): SubmissionDecision {
  if (state.assignment === null) return { kind: 'refuse', status: 404, reason: 'not-assigned' };
  if (state.seen === 'mine') return { kind: 'replay' };
  if (state.seen === 'other') return { kind: 'refuse', status: 409, reason: 'submission-reused' };
  if (!state.isActive) return { kind: 'refuse', status: 409, reason: 'not-active' };
  if (state.annotation)
    return state.baseVersion === state.annotation.version ? { kind: 'edit' } : { kind: 'refuse', status: 409, reason: 'stale' };
  return state.assignment === 'PENDING' ? { kind: 'create' } : { kind: 'create-late' };
}

export const refusalMessages: Record<Extract<SubmissionDecision, { kind: 'refuse' }>['reason'] | 'reassigned', string> = {
  'not-assigned': 'This pair is not assigned to you in this campaign.',
  'not-active': 'The campaign is not active: answers cannot be submitted or changed now.',
  stale:
    'Your answer was changed since you loaded it: the current version is in `current`. Edit that version (send its number as baseVersion).',
  'submission-reused': 'This submissionId was already used for another answer; generate a new one for each submission.',
  reassigned: 'Your time for this pair ran out and the pair was reassigned to other annotators; your answer was not stored.',
};
