'use client';
import { useEffect, useRef } from 'react';
import type { Question } from '@/lib/annotation/questions';
import { AnswerList } from './answer-list';
import type { GoldMiss } from './workbench-state';

/**
 * A test pair was answered differently from the expected answer (MultiPIT's quality control): the
 * pair, the annotator's answer, the expected one and why, before the work goes on. Enter (or the
 * button) continues; the keys of the workbench wait meanwhile.
 */
export function GoldFeedback({
  miss,
  questions,
  onContinue,
}: {
  miss: GoldMiss;
  questions: readonly Question[];
  onContinue: () => void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), [miss]);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="gold-feedback-title"
      aria-describedby="gold-feedback-explanation"
      className="card"
      data-testid="gold-feedback"
    >
      <h2 id="gold-feedback-title" style={{ marginTop: 0 }}>
        That was a test pair, and the expected answer differs
      </h2>
      <p className="small muted">
        “{miss.texts[0]}” · “{miss.texts[1]}”
      </p>
      <div className="row" style={{ alignItems: 'flex-start', gap: '2rem' }}>
        <div>
          <div className="small muted">Your answer</div>
          <AnswerList questions={questions} answers={miss.given} />
        </div>
        <div>
          <div className="small muted">Expected</div>
          <AnswerList questions={questions} answers={miss.expected} />
        </div>
      </div>
      <p id="gold-feedback-explanation">{miss.explanation}</p>
      <button ref={button} type="button" onClick={onContinue}>
        Continue <kbd>Enter</kbd>
      </button>
    </div>
  );
}
