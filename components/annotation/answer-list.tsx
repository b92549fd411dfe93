import type { Answers, Question } from '@/lib/annotation/questions';
import { answerLines } from './answer-text';
import styles from './workbench.module.css';

/** Answers in words, in question order. */
export function AnswerList({ questions, answers }: { questions: readonly Question[]; answers: Readonly<Answers> }) {
  const lines = answerLines(questions, answers);
  if (lines.length === 0) return <p className="small muted">No answers.</p>;
  return (
    <ul className={styles.answerList}>
      {lines.map((l) => (
        <li key={l.key}>
          {l.label}: <strong>{l.text}</strong>
        </li>
      ))}
    </ul>
  );
}
