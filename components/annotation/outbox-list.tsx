'use client';
import type { Question } from '@/lib/annotation/questions';
import { AnswerList } from './answer-list';
import { ConflictCard } from './conflict-card';
import type { OutboxEntry } from './outbox';
import type { OutboxSender, OutboxSnapshot } from './outbox-sender';
import styles from './workbench.module.css';

interface Props {
  outbox: OutboxSnapshot;
  questions: readonly Question[];
  sender: OutboxSender;
  /** the annotator took the server's values for this entry */
  onTookServer: (entry: OutboxEntry) => void;
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

function EntryState({ entry, sending }: { entry: OutboxEntry; sending: boolean }) {
  if (sending) return <span>Sending…</span>;
  if (entry.state === 'queued') {
    return (
      <span>
        Waiting to be sent
        {entry.attempts > 0
          ? ` (tried ${entry.attempts}×, last: ${entry.lastError ?? 'no answer'} Next try at ${new Date(entry.nextAttemptAt).toLocaleTimeString()}.)`
          : ''}
      </span>
    );
  }
  return <span className="field-error">Not saved: {entry.lastError}</span>;
}

/**
 * The visible local queue: every answer the server has not confirmed, oldest first, with what is
 * happening to it; conflicts and rejections wait here for the annotator's decision.
 */
export function OutboxList({ outbox, questions, sender, onTookServer }: Props) {
  if (outbox.entries.length === 0) return null;
  return (
    <section className={styles.panel} id="workbench-outbox" aria-labelledby="outbox-title" data-testid="outbox">
      <h2 id="outbox-title">Not saved yet ({outbox.entries.length})</h2>
      <p className="small muted">
        These answers are kept in this browser and sent as soon as the server confirms it can take them. Closing or reloading the
        page keeps them.
      </p>
      <ul className={styles.entries}>
        {outbox.entries.map((e) => (
          <li key={e.submissionId} className={styles.entry} data-testid="outbox-entry" data-state={e.state}>
            <div>
              <strong>{e.baseVersion ? `Edit of version ${e.baseVersion}` : 'Answer'}</strong> · “{clip(e.texts[0])}” / “
              {clip(e.texts[1])}”
            </div>
            <EntryState entry={e} sending={outbox.sending === e.submissionId} />
            {e.state === 'conflict' ? (
              <ConflictCard
                entry={e}
                questions={questions}
                onKeepMine={() => sender.keepMine(e.submissionId)}
                onTakeServer={() => {
                  sender.drop(e.submissionId);
                  onTookServer(e);
                }}
              />
            ) : (
              <AnswerList questions={questions} answers={e.answers} />
            )}
            <div className="row">
              {e.state === 'queued' && outbox.sending !== e.submissionId ? (
                <button type="button" className="secondary" onClick={() => sender.retry()}>
                  Send now
                </button>
              ) : null}
              {e.state === 'rejected' ? (
                <>
                  <button type="button" className="secondary" onClick={() => sender.retry(e.submissionId)}>
                    Try again
                  </button>
                  <button type="button" className="danger" onClick={() => sender.drop(e.submissionId)}>
                    Dismiss
                  </button>
                </>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
