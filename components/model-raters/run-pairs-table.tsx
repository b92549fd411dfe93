import Link from 'next/link';
import type { RunCellPair } from '@/lib/db/model-raters/run-page-reads';
import { formatAnswer } from './format';

/** Pairs of a run with the model's answers to the given questions; each pair opens its page. */
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
    <div className="table-scroll">
      <table className="data" aria-label="Pairs in the cell">
        <thead>
          <tr>
            <th>Pair</th>
            <th>Text A</th>
            <th>Text B</th>
            {questions.map((q) => (
              <th key={q}>Model: {q}</th>
            ))}
            {showSwapped && questions.map((q) => <th key={`s-${q}`}>Exchanged: {q}</th>)}
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
              {questions.map((q) => (
                <td key={q}>{formatAnswer(p.answers?.[q])}</td>
              ))}
              {showSwapped && questions.map((q) => <td key={`s-${q}`}>{formatAnswer(p.swapAnswers?.[q])}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
