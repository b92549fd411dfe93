'use client';
import { KeyHint } from '@/components/ui/key-hint';
import { callApi } from '@/lib/api/typed-client';
import { adjudicateContract } from '@/lib/api/contracts/quality';
import { useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import type { Answers, Question } from '@/lib/annotation/questions';
import { NothingLeft, PairReview, SavedMessage } from '@/components/annotation/pair-review';
import { describeOpenCount } from '@/lib/labels/final-labels';

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
  /** what is open in all: pairs and labels (the page shows the first 50 pairs) */
  open: { pairs: number; labels: number };
}

/** The adjudicator's note: a text question of the review form, so `t` writes it as in the workbench. */
const NOTE: Question = { key: 'note', type: 'text', label: 'Note', required: false, maxLength: 4000 };

/**
 * The open pairs one at a time, with the workbench's parts (components/annotation/pair-review.tsx):
 * both texts, the open questions with every counted answer and rationale beside each (annotators by
 * pseudonym), and a note. Keys as in the workbench; `[`/`]` previous and next pair. Saving posts to
 * POST /api/v1/campaigns/{id}/adjudications.
 */
export function AdjudicationQueue({ campaignId, questions, pairs, open: openCount }: Props) {
  const router = useRouter();
  const [index, setIndex] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const pair = pairs[Math.min(index, pairs.length - 1)];
  const open = useMemo(() => [...questions.filter((q) => pair?.open.includes(q.key)), NOTE], [questions, pair]);
  const initial = useMemo<Answers>(() => ({}), []);
  if (!pair) return <NothingLeft message={message}>No open pairs: every final label is decided.</NothingLeft>;
  const page = (by: 1 | -1) => setIndex((i) => Math.max(0, Math.min(pairs.length - 1, i + by)));

  const save = async (chosen: Answers): Promise<string | null> => {
    const { note, ...answers } = chosen;
    const result = await callApi(adjudicateContract, {
      params: { id: campaignId },
      body: {
        pairId: pair.pairId,
        answers,
        ...(typeof note === 'string' && note.trim() ? { note: note.trim() } : {}),
      },
    });
    if (!result.ok) return result.message;
    setMessage(`Pair ${pair.pairId} adjudicated.`);
    router.refresh();
    return null;
  };

  return (
    <div className="stack" data-testid={`adjudication-${pair.pairId}`}>
      <p className="small muted">
        Pair {Math.min(index, pairs.length - 1) + 1} of {pairs.length} shown · {describeOpenCount(openCount)} · answer keys as in
        the workbench · <KeyHint keys={['Enter']}>saves</KeyHint> · <KeyHint keys={['[', ']']}>previous / next pair</KeyHint> ·{' '}
        <KeyHint keys={['t']}>note</KeyHint>
      </p>
      <SavedMessage message={message} />
      <PairReview
        key={pair.pairId}
        pairId={pair.pairId}
        texts={pair.texts}
        questions={open}
        allQuestions={questions}
        initial={initial}
        opinions={pair.answers.map((a) => ({ who: a.annotator, answers: a.answers }))}
        submitLabel="Save the decision"
        comparable
        onSubmit={save}
        onPage={page}
      />
    </div>
  );
}
