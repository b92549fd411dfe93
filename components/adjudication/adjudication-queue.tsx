'use client';
import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import type { AnswerValue, Answers, Question } from '@/lib/annotation/questions';
import { answerText } from '@/components/annotation/answer-text';
import { adjudicationKey, adjudicationOptions } from './adjudication-keys';

export interface QueueItem {
  pairId: number;
  texts: [string, string];
  open: string[];
  answers: Array<{ annotator: string; answers: Answers }>;
}

interface Props {
  campaignId: number;
  questions: readonly Question[];
  pairs: readonly QueueItem[];
  total: number;
}

/**
 * The open pairs one at a time: both texts, every counted answer with its rationale side by side
 * (annotators by pseudonym), and the final answer of each open question with a note. Keys:
 * adjudication-keys.ts. Saving posts to POST /api/v1/campaigns/{id}/adjudications.
 */
export function AdjudicationQueue({ campaignId, questions, pairs, total }: Props) {
  const [index, setIndex] = useState(0);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const pair = pairs[Math.min(index, pairs.length - 1)];
  if (!pair) return <p className="empty">No open pairs: every final label is decided.</p>;
  const page = (by: 1 | -1) => setIndex((i) => Math.max(0, Math.min(pairs.length - 1, i + by)));
  return (
    <div className="stack">
      <p className="small muted">
        Pair {index + 1} of {pairs.length} shown ({total} open) · keys: digits choose, ↓/↑ question, Enter saves, n/p
        next/previous pair, t note, Esc leaves the note
      </p>
      <PairDecision
        key={pair.pairId}
        campaignId={campaignId}
        questions={questions}
        pair={pair}
        onPage={page}
        onMessage={setMessage}
      />
      {message && (
        <p className={`alert ${message.ok ? 'success' : 'error'}`} role="status">
          {message.text}
        </p>
      )}
    </div>
  );
}

interface DecisionProps {
  campaignId: number;
  questions: readonly Question[];
  pair: QueueItem;
  onPage: (by: 1 | -1) => void;
  onMessage: (message: { ok: boolean; text: string }) => void;
}

/** One open pair: the texts, the answers side by side, the decision form and its keys (fresh state per pair). */
function PairDecision({ campaignId, questions, pair, onPage, onMessage }: DecisionProps) {
  const router = useRouter();
  const [chosen, setChosen] = useState<Answers>({});
  const [active, setActive] = useState(0);
  const note = useRef<HTMLTextAreaElement>(null);
  const open = questions.filter((q) => pair.open.includes(q.key));
  const shown = questions.filter((q) => pair.answers.some((a) => a.answers[q.key] !== undefined));
  const setMessage = onMessage;

  const save = async () => {
    const missing = open.filter((q) => chosen[q.key] === undefined);
    if (missing.length > 0)
      return setMessage({ ok: false, text: `Choose an answer for ${missing.map((q) => q.label).join(', ')} first.` });
    const res = await fetch(`/api/v1/campaigns/${campaignId}/adjudications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pairId: pair.pairId,
        answers: chosen,
        ...(note.current?.value.trim() ? { note: note.current.value.trim() } : {}),
      }),
    });
    const body = (await res.json().catch(() => null)) as { error?: { message: string } } | null;
    if (!res.ok) return setMessage({ ok: false, text: body?.error?.message ?? `The server answered ${res.status}.` });
    setMessage({ ok: true, text: `Pair ${pair.pairId} adjudicated.` });
    router.refresh();
  };

  const latest = useRef({ save, open, active, onPage });
  useEffect(() => {
    latest.current = { save, open, active, onPage };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      const inText = target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === 'text');
      if (target instanceof HTMLButtonElement && event.key === 'Enter') return;
      const { open: questionsOpen, active: at, save: doSave, onPage: page } = latest.current;
      const action = adjudicationKey(event.key, inText, questionsOpen[at] ?? null);
      if (!action) return;
      event.preventDefault();
      if (action.type === 'choose') {
        const question = questionsOpen[at]!;
        setChosen((c) => ({ ...c, [question.key]: action.value }));
        setActive((a) => Math.min(a + 1, questionsOpen.length - 1));
      } else if (action.type === 'move') setActive((a) => Math.max(0, Math.min(questionsOpen.length - 1, a + action.by)));
      else if (action.type === 'pair') page(action.by);
      else if (action.type === 'note') note.current?.focus();
      else if (action.type === 'leaveNote') note.current?.blur();
      else void doSave();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const choose = (key: string, value: AnswerValue) => setChosen((c) => ({ ...c, [key]: value }));
  return (
    <>
      <div className="grid">
        <blockquote className="card" data-testid="adjudication-text-1">
          <strong>Text 1</strong>
          <br />
          {pair.texts[0]}
        </blockquote>
        <blockquote className="card" data-testid="adjudication-text-2">
          <strong>Text 2</strong>
          <br />
          {pair.texts[1]}
        </blockquote>
      </div>
      <table className="data" aria-label="Answers of the annotators">
        <thead>
          <tr>
            <th>Annotator</th>
            {shown.map((q) => (
              <th key={q.key}>{q.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pair.answers.map((a) => (
            <tr key={a.annotator}>
              <td>
                <code>{a.annotator}</code>
              </td>
              {shown.map((q) => (
                <td key={q.key}>{answerText(q, a.answers[q.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <form
        aria-label="Final answer"
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {open.map((q, i) => (
          <fieldset
            key={q.key}
            aria-current={i === active ? 'true' : undefined}
            style={i === active ? { outline: '2px solid var(--accent)' } : undefined}
          >
            <legend>{q.label} (open)</legend>
            <div className="row">
              {adjudicationOptions(q).map((o) => (
                <label key={o.key}>
                  <input
                    type="radio"
                    name={`final-${q.key}`}
                    checked={chosen[q.key] === o.value}
                    onChange={() => choose(q.key, o.value)}
                  />{' '}
                  <kbd>{o.key}</kbd> {o.label}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <label>
          Note <kbd>t</kbd>
          <textarea ref={note} rows={2} maxLength={4000} />
        </label>
        <div>
          <button type="submit">
            Save the decision <kbd>Enter</kbd>
          </button>
        </div>
      </form>
    </>
  );
}
