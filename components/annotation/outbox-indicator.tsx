import type { OutboxSnapshot } from './outbox-sender';
import styles from './workbench.module.css';

interface Props {
  outbox: OutboxSnapshot;
  online: boolean;
  durable: boolean;
}

/** The local queue at a glance: how many answers wait for the server, and whether any needs a decision. */
export function OutboxIndicator({ outbox, online, durable }: Props) {
  const waiting = outbox.entries.filter((e) => e.state === 'queued').length;
  const problems = outbox.entries.length - waiting;
  const parts: string[] = [];
  if (!online) parts.push('Offline');
  if (waiting > 0) parts.push(`${waiting} ${waiting === 1 ? 'answer waits' : 'answers wait'} to be sent`);
  if (problems > 0) parts.push(`${problems} ${problems === 1 ? 'needs' : 'need'} your decision`);
  if (parts.length === 0) parts.push('All answers saved');
  if (!durable) parts.push('this browser cannot keep answers: do not close the tab');
  const tone = problems > 0 || !durable ? styles.outboxBadgeProblem : waiting > 0 || !online ? styles.outboxBadgeBusy : '';
  return (
    <a
      href="#workbench-outbox"
      className={`${styles.outboxBadge} ${tone}`}
      data-testid="outbox-indicator"
      aria-label={`Local queue: ${parts.join(', ')}`}
    >
      {parts.join(' · ')}
    </a>
  );
}
