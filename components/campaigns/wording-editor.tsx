'use client';
import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import type { Question } from '@/lib/annotation/questions';
import { callApi } from '@/lib/api/typed-client';
import { editWordingContract } from '@/lib/api/contracts/wording';
import { GuidelinesPreview } from './guidelines-section';
import styles from './campaigns.module.css';

interface Props {
  campaignId: number;
  /** the wording version the edit starts from */
  version: number;
  guidelines: string;
  questions: Question[];
  /** why the options, scale and required settings cannot change (null: no answer yet) */
  lockedReason: string | null;
}

/**
 * "Edit wording": the guidelines and the labels of each question and option, saved as a new
 * version through PATCH /api/v1/campaigns/{id}/wording. Keys and option values are shown, never
 * editable; whether a question is required can change only until the first answer.
 */
export function WordingEditor({
  campaignId,
  version,
  guidelines: initialGuidelines,
  questions: initialQuestions,
  lockedReason,
}: Props) {
  const router = useRouter();
  const [guidelines, setGuidelines] = useState(initialGuidelines);
  const [questions, setQuestions] = useState(initialQuestions);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [isPending, startTransition] = useTransition();
  const setQuestion = (index: number, change: Partial<Question>) =>
    setQuestions((qs) => qs.map((q, i) => (i === index ? { ...q, ...change } : q)));
  const setOptionLabel = (index: number, value: string, label: string) =>
    setQuestions((qs) =>
      qs.map((q, i) => (i === index ? { ...q, options: q.options?.map((o) => (o.value === value ? { ...o, label } : o)) } : q)),
    );

  const save = () =>
    startTransition(async () => {
      const result = await callApi(editWordingContract, {
        params: { id: campaignId },
        body: { basedOn: version, guidelines, questions },
      });
      if (!result.ok) return setMessage({ error: true, text: result.message });
      setMessage({
        error: false,
        text:
          result.data.changes.length === 0
            ? 'Nothing changed.'
            : `Saved as version ${result.data.version}: ${result.data.changes.join(', ')}.`,
      });
      router.refresh();
    });

  return (
    <form
      className="stack"
      aria-label="Edit wording"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <p className="small muted" style={{ margin: 0 }}>
        Annotators see the new text from their next pair on. Each answer records the version it was given under.
      </p>
      <p className={`small ${lockedReason ? 'alert' : 'muted'}`} style={{ margin: 0 }} data-testid="meaning-lock">
        {lockedReason
          ? `Keys, options, scale points and whether a question is required are locked: ${lockedReason}`
          : 'No answers yet: whether a question is required can still change. Keys and option values stay as created.'}
      </p>
      {questions.map((q, i) => (
        <fieldset key={q.key} className={styles.question}>
          <legend>
            <code>{q.key}</code>{' '}
            <span className="small muted">
              ({q.type}
              {q.level ? `, ${q.level}` : ''})
            </span>
          </legend>
          <label>
            Question
            <input value={q.label} onChange={(e) => setQuestion(i, { label: e.target.value })} maxLength={200} required />
          </label>
          {(q.options ?? []).map((o) => (
            <label key={o.value}>
              <span>
                Label of <code>{o.value}</code>
              </span>
              <input value={o.label} onChange={(e) => setOptionLabel(i, o.value, e.target.value)} maxLength={200} required />
            </label>
          ))}
          <label className={styles.inline}>
            <input
              type="checkbox"
              checked={q.required}
              disabled={lockedReason !== null}
              onChange={(e) => setQuestion(i, { required: e.target.checked })}
            />
            Required
          </label>
        </fieldset>
      ))}
      <div className={styles.wordingGrid}>
        <label>
          Guidelines (Markdown)
          <textarea value={guidelines} onChange={(e) => setGuidelines(e.target.value)} rows={14} spellCheck />
        </label>
        <GuidelinesPreview markdown={guidelines} />
      </div>
      <div className="row">
        <button type="submit" disabled={isPending}>
          {isPending ? 'Saving…' : `Save as version ${version + 1}`}
        </button>
        {message && (
          <span role={message.error ? 'alert' : 'status'} className={message.error ? 'alert error' : 'small'}>
            {message.text}
          </span>
        )}
      </div>
    </form>
  );
}
