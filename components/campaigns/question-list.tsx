import type { Question } from '@/lib/annotation/questions';
import { RELATION_LABELS, type Relation } from '@/lib/annotation/relations';

function when(q: Question): string {
  if (q.required) return 'required';
  if (!q.requiredWhen?.length) return 'optional';
  const value = (v: string | number | boolean) =>
    typeof v === 'string' && v in RELATION_LABELS
      ? RELATION_LABELS[v as Relation]
      : typeof v === 'boolean'
        ? v
          ? 'yes'
          : 'no'
        : String(v);
  return `required when ${q.requiredWhen.map((c) => `${c.question} is ${c.values.map(value).join(' or ')}`).join(', or ')}`;
}

/** The questions the campaign asks, with their options and when they are required. */
export function QuestionList({ questions }: { questions: readonly Question[] }) {
  return (
    <table className="data" aria-label="Questions">
      <thead>
        <tr>
          <th>Question</th>
          <th>Key</th>
          <th>Answers</th>
          <th>Required</th>
        </tr>
      </thead>
      <tbody>
        {questions.map((q) => (
          <tr key={q.key}>
            <td>{q.label}</td>
            <td>
              <code>{q.key}</code>
            </td>
            <td className="small">
              {q.type === 'likert' && '0-4'}
              {q.type === 'boolean' && 'yes / no'}
              {q.type === 'text' && `free text (up to ${q.maxLength ?? 4000} characters)`}
              {(q.type === 'relation' || q.type === 'choice') && (q.options ?? []).map((o) => o.label).join(' · ')}
              {q.type === 'choice' && ` (${q.level ?? 'nominal'})`}
            </td>
            <td className="small">{when(q)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
