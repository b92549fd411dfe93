import Link from 'next/link';
import type { RunCellPair } from '@/lib/db/model-raters/run-page-reads';
import { formatAnswer } from './format';
import styles from './model-raters.module.css';
import { scrollArea } from '@/components/ui/scroll-area';

function Answers({ answers, questions }: { answers: RunCellPair['answers']; questions: readonly string[] }) {
  if (answers === null) return <span className="muted">not answered yet</span>;
  if (Object.keys(answers).length === 0) return <span className="muted">every request failed</span>;
  return (
    <dl className={styles.answers}>
      {questions.map((q) => (
        <div key={q}>
          <dt>{q}</dt>
          <dd>{formatAnswer(answers[q])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Pairs of a run with the model's answers to the given questions (and with the texts exchanged); each pair opens its page. */
export function RunPairsTable({
  pairs,
  questions,
  showSwapped,
}: {
  pairs: readonly RunCellPair[];
  questions: readonly string[];
  showSwapped: boolean;
}) {
  return (
    <div className="table-scroll" {...scrollArea('Pairs in the cell')}>
      <table className={`data ${styles.pairsTable}`} aria-label="Pairs in the cell">
        <thead>
          <tr>
            <th>Pair</th>
            <th>Text A</th>
            <th>Text B</th>
            <th>The model answered</th>
            {showSwapped && <th>With the texts exchanged</th>}
          </tr>
        </thead>
        <tbody>
          {pairs.map((p) => (
            <tr key={p.id}>
              <td>
                <Link href={`/explore/pairs/${p.id}`}>#{p.id}</Link>
                <div className="small muted">{p.corpus.name}</div>
              </td>
              <td>{p.a}</td>
              <td>{p.b}</td>
              <td>
                <Answers answers={p.answers} questions={questions} />
              </td>
              {showSwapped && (
                <td>
                  <Answers answers={p.swapAnswers} questions={questions} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
