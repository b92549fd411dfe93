/**
 * What the save indicator says about the annotator's latest submission, from the outbox and the
 * confirmations seen: "saved" only once the server confirmed it (2xx). Pure.
 */
import type { OutboxSnapshot } from './outbox-sender';
import type { SaveState } from './save-status';

export interface LastSubmission {
  submissionId: string;
  what: string;
}

export function saveStateOf(
  last: LastSubmission | null,
  outbox: OutboxSnapshot,
  savedVersions: Readonly<Record<string, number>>,
  formIsDirty: boolean,
): SaveState {
  if (last) {
    const { submissionId, what } = last;
    const entry = outbox.entries.find((e) => e.submissionId === submissionId);
    if (entry) {
      if (outbox.sending === submissionId) return { kind: 'sending', what };
      if (entry.state === 'queued') return { kind: 'queued', what, error: entry.lastError };
      const message =
        entry.state === 'conflict'
          ? 'it was changed elsewhere meanwhile (see “Not saved yet”)'
          : (entry.lastError ?? 'the server refused it');
      return { kind: 'problem', what, message };
    }
    const version = savedVersions[submissionId];
    if (version !== undefined && !formIsDirty) return { kind: 'saved', what, version };
  }
  return formIsDirty ? { kind: 'draft' } : { kind: 'none' };
}
