'use client';
import { KeyHint } from '@/components/ui/key-hint';
import { useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import type { Answers, Question } from '@/lib/annotation/questions';
import { AnswerList } from '@/components/annotation/answer-list';
import { NothingLeft, PairReview, SavedMessage } from '@/components/annotation/pair-review';
import { PairTexts } from '@/components/annotation/pair-texts';
import type { DiscussionPair } from '@/lib/db/annotations/discussion';
import { callApi } from '@/lib/api/typed-client';
import { submitAnnotationContract } from '@/lib/api/contracts/annotations';

interface Props {
  campaignId: number;
  questions: readonly Question[];
  pairs: readonly DiscussionPair[];
  isActive: boolean;
}

/**
 * The disagreed pairs one at a time, with the workbench's parts (components/annotation/pair-review.tsx):
 * the texts, the disagreed questions and the rationale with the caller's answers to keep or revise,
 * and the others' answers and rationales beside each question. Keys as in the workbench; `[`/`]`
 * previous and next pair. Revising posts an edit of the caller's annotation (its first answer stays
 * in the history).
 */
export function DiscussionList({ campaignId, questions, pairs, isActive }: Props) {
  const router = useRouter();
  const [index, setIndex] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const pair = pairs[Math.min(index, pairs.length - 1)];
  const asked = useMemo(() => questions.filter((q) => q.type === 'text' || pair?.disagreed.includes(q.key)), [questions, pair]);
  if (!pair) return <NothingLeft message={message}>No disagreements on the pairs you answered.</NothingLeft>;
  const page = (by: 1 | -1) => setIndex((i) => Math.max(0, Math.min(pairs.length - 1, i + by)));

  const revise = async (answers: Answers): Promise<string | null> => {
    const result = await callApi(submitAnnotationContract, {
      params: { id: campaignId },
      body: {
        submissionId: crypto.randomUUID(),
        pairId: pair.pairId,
        answers: { ...pair.mine, ...answers },
        baseVersion: pair.version,
      },
    });
    if (!result.ok) return result.message;
    setMessage(`Revised (version ${result.data.version}).`);
    router.refresh();
    return null;
  };

  return (
    <section className="stack" aria-label={`Pair ${pair.pairId}`} data-testid={`discussion-${pair.pairId}`}>
      <p className="small muted">
        Pair {Math.min(index, pairs.length - 1) + 1} of {pairs.length} · you answered version {pair.version} · answer keys as in
        the workbench · <KeyHint keys={['Enter']}>saves</KeyHint> · <KeyHint keys={['[', ']']}>previous / next pair</KeyHint>
      </p>
      <SavedMessage message={message} />
      {isActive ? (
        <PairReview
          key={`${pair.pairId}-${pair.version}`}
          pairId={pair.pairId}
          texts={pair.texts}
          questions={asked}
          allQuestions={questions}
          initial={pair.mine}
          opinions={pair.others.map((o) => ({ who: o.annotator, answers: o.answers }))}
          submitLabel="Revise my answer"
          onSubmit={revise}
          onPage={page}
        >
          {pair.first ? (
            <div className="small muted" data-testid="first-answer">
              Your first answer: <AnswerList questions={questions} answers={pair.first} />
            </div>
          ) : null}
        </PairReview>
      ) : (
        <>
          <PairTexts texts={pair.texts} image={null} />
          <AnswerList questions={questions} answers={pair.mine} />
          <p className="muted">The campaign is not active: answers cannot be revised now.</p>
        </>
      )}
    </section>
  );
}
