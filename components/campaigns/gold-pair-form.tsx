'use client';
import { useState, type FormEvent } from 'react';
import { callApi } from '@/lib/api/typed-client';
import { setGoldContract } from '@/lib/api/contracts/quality';
import { useRouter } from 'next/navigation';
import { SubmitWithStatus } from '@/components/ui/submit-with-status';
import type { AnswerValue, Question } from '@/lib/annotation/questions';

/** The values a question can take, as [label, value] (free text is never gold). */
/** A text field of the form ('' when absent). */
function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

function choicesOf(question: Question): Array<[string, AnswerValue]> {
  switch (question.type) {
    case 'likert':
      return [0, 1, 2, 3, 4].map((v) => [String(v), v]);
    case 'boolean':
      return [
        ['yes', true],
        ['no', false],
      ];
    case 'text':
      return [];
    default:
      return (question.options ?? []).map((o) => [o.label, o.value]);
  }
}

/**
 * Marks a pair as a hidden gold pair: the expected answer of each question that should count (the
 * others left blank) and the explanation annotators see on a miss. Posts to the same API scripts use.
 */
export function GoldPairForm({ campaignId, questions }: { campaignId: number; questions: readonly Question[] }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const gradable = questions.filter((q) => q.type !== 'text');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const answers: Record<string, AnswerValue> = {};
    for (const q of gradable) {
      const index = data.get(`gold-${q.key}`);
      const choice = typeof index === 'string' && index !== '' ? choicesOf(q)[Number(index)] : undefined;
      if (choice) answers[q.key] = choice[1];
    }
    setBusy(true);
    const result = await callApi(setGoldContract, {
      params: { id: campaignId },
      body: { pairId: Number(data.get('pairId')), answers, explanation: formText(data, 'explanation') },
    });
    setBusy(false);
    if (result.ok) {
      setMessage({ ok: true, text: `Pair ${result.data.pairId} is a gold pair now.` });
      router.refresh();
    } else setMessage({ ok: false, text: result.message });
  };
  return (
    <form className="stack" aria-label="Mark a gold pair" onSubmit={(e) => void submit(e)}>
      <div className="row">
        <label>
          Pair id
          <input name="pairId" type="number" min={1} required />
        </label>
        {gradable.map((q) => (
          <label key={q.key}>
            {q.label}
            <select name={`gold-${q.key}`} defaultValue="">
              <option value="">does not count</option>
              {choicesOf(q).map(([label], i) => (
                <option key={label} value={String(i)}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
      <label>
        Explanation (shown to an annotator who misses it)
        <textarea name="explanation" rows={2} required maxLength={4000} />
      </label>
      <SubmitWithStatus label="Mark as gold" busy={busy} message={message} />
    </form>
  );
}
