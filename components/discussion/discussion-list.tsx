'use client';
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import type { AnswerValue, Question } from '@/lib/annotation/questions';
import { AnswerList } from '@/components/annotation/answer-list';
import { adjudicationOptions } from '@/components/adjudication/adjudication-keys';
import type { DiscussionPair } from '@/lib/db/discussion';

interface Props {
  campaignId: number;
  questions: readonly Question[];
  pairs: readonly DiscussionPair[];
  isActive: boolean;
}

/** Each disagreed pair: the texts, the others' answers with their rationales, and the caller's answer to keep or revise. */
export function DiscussionList({ campaignId, questions, pairs, isActive }: Props) {
  if (pairs.length === 0) return <p className="empty">No disagreements on the pairs you answered.</p>;
  return (
    <div className="stack">
      {pairs.map((p) => (
        <DiscussionCard
          key={`${p.pairId}-${p.version}`}
          campaignId={campaignId}
          questions={questions}
          pair={p}
          isActive={isActive}
        />
      ))}
    </div>
  );
}

function DiscussionCard({
  campaignId,
  questions,
  pair,
  isActive,
}: {
  campaignId: number;
  questions: readonly Question[];
  pair: DiscussionPair;
  isActive: boolean;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const disagreed = questions.filter((q) => pair.disagreed.includes(q.key));
  const rationale = questions.find((q) => q.type === 'text');
  const revise = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const answers: Record<string, AnswerValue> = { ...pair.mine };
    for (const q of disagreed) {
      const picked = adjudicationOptions(q)[Number(data.get(`revise-${q.key}`))];
      if (picked) answers[q.key] = picked.value;
    }
    const text = data.get('rationale');
    if (rationale && typeof text === 'string') answers[rationale.key] = text;
    const res = await fetch(`/api/v1/campaigns/${campaignId}/annotations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ submissionId: crypto.randomUUID(), pairId: pair.pairId, answers, baseVersion: pair.version }),
    });
    const body = (await res.json().catch(() => null)) as { version?: number; error?: { message: string } } | null;
    if (!res.ok) return setMessage({ ok: false, text: body?.error?.message ?? `The server answered ${res.status}.` });
    setMessage({ ok: true, text: `Revised (version ${body?.version}).` });
    router.refresh();
  };
  return (
    <section className="card stack" aria-label={`Pair ${pair.pairId}`} data-testid={`discussion-${pair.pairId}`}>
      <div className="grid">
        <blockquote>
          <strong>Text 1</strong>
          <br />
          {pair.texts[0]}
        </blockquote>
        <blockquote>
          <strong>Text 2</strong>
          <br />
          {pair.texts[1]}
        </blockquote>
      </div>
      <div className="row" style={{ alignItems: 'flex-start', gap: '2rem' }}>
        {pair.others.map((o) => (
          <div key={o.annotator}>
            <div className="small muted">
              <code>{o.annotator}</code>
            </div>
            <AnswerList questions={questions} answers={o.answers} />
          </div>
        ))}
        <div>
          <div className="small muted">You (version {pair.version})</div>
          <AnswerList questions={questions} answers={pair.mine} />
          {pair.first && (
            <div className="small muted" data-testid="first-answer">
              First answer: <AnswerList questions={questions} answers={pair.first} />
            </div>
          )}
        </div>
      </div>
      {isActive && (
        <form className="row" aria-label={`Revise pair ${pair.pairId}`} onSubmit={(e) => void revise(e)}>
          {disagreed.map((q) => (
            <label key={q.key}>
              {q.label}
              <select
                name={`revise-${q.key}`}
                defaultValue={String(adjudicationOptions(q).findIndex((o) => o.value === pair.mine[q.key]))}
              >
                {adjudicationOptions(q).map((o, i) => (
                  <option key={o.key} value={String(i)}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {rationale && (
            <label>
              {rationale.label}
              <textarea
                name="rationale"
                rows={2}
                defaultValue={typeof pair.mine[rationale.key] === 'string' ? String(pair.mine[rationale.key]) : ''}
              />
            </label>
          )}
          <button type="submit">Revise my answer</button>
        </form>
      )}
      {message && (
        <p className={`alert ${message.ok ? 'success' : 'error'}`} role="status">
          {message.text}
        </p>
      )}
    </section>
  );
}
