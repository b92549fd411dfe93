'use client';
import type { Question } from '@/lib/annotation/questions';
import type { OutboxEntry } from './outbox';
import { AnswerList } from './answer-list';
import styles from './workbench.module.css';

interface Props {
  entry: OutboxEntry;
  questions: readonly Question[];
  onKeepMine: () => void;
  onTakeServer: () => void;
}

/**
 * An edit based on an older version than the server's (another tab or device changed it): both
 * versions side by side; keeping mine sends it again as an edit of the current version.
 */
export function ConflictCard({ entry, questions, onKeepMine, onTakeServer }: Props) {
  const current = entry.current;
  return (
    <div role="alert" data-testid="conflict">
      <strong>Conflict:</strong> this answer was changed elsewhere{current ? ` (now version ${current.version})` : ''} after you
      started editing version {entry.baseVersion ?? 1}.
      <div className={styles.compare}>
        <div>
          <div className="small muted">Yours (not saved)</div>
          <AnswerList questions={questions} answers={entry.answers} />
        </div>
        <div>
          <div className="small muted">On the server{current ? ` (version ${current.version})` : ''}</div>
          {current ? <AnswerList questions={questions} answers={current.answers} /> : null}
        </div>
      </div>
      <div className="row">
        <button type="button" onClick={onKeepMine}>
          Keep mine
        </button>
        <button type="button" className="secondary" onClick={onTakeServer}>
          Take the server’s
        </button>
      </div>
    </div>
  );
}
