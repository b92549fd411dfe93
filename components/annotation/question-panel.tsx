'use client';
import type { ReactNode } from 'react';
import type { AnswerValue, Answers, Question } from '@/lib/annotation/questions';
import { isRequired } from '@/lib/annotation/questions';
import { ChoiceQuestion } from './choice-question';
import { LikertScale } from './likert-scale';
import { RationaleField } from './rationale-field';
import { RelationChoice } from './relation-choice';
import { YesNo } from './yes-no';
import styles from './workbench.module.css';

interface Props {
  /** identifies the form (pair and version), so radio names never clash between pairs */
  formKey: string;
  questions: readonly Question[];
  answers: Readonly<Answers>;
  activeIndex: number | null;
  /** what is wrong per question after a submit attempt */
  errors: Readonly<Record<string, string>>;
  onAnswer: (key: string, value: AnswerValue) => void;
  onActivate: (index: number) => void;
  /** shown beside a question's input (the review screens: every annotator's answer) */
  beside?: (question: Question) => ReactNode;
  /** each question's box as it is drawn (null when it goes): where the focus goes (the workbench) */
  onBox?: (index: number, box: HTMLElement | null) => void;
}

export const questionDomId = (formKey: string, key: string) => `q-${formKey.replace(/[^A-Za-z0-9_-]/g, '-')}-${key}`;

function QuestionInput({
  formKey,
  question,
  answers,
  onAnswer,
}: {
  formKey: string;
  question: Question;
  answers: Readonly<Answers>;
  onAnswer: Props['onAnswer'];
}) {
  const name = questionDomId(formKey, question.key);
  const value = answers[question.key];
  const set = (v: AnswerValue) => onAnswer(question.key, v);
  switch (question.type) {
    case 'likert':
      return <LikertScale name={name} question={question} value={typeof value === 'number' ? value : undefined} onChange={set} />;
    case 'boolean':
      return <YesNo name={name} value={typeof value === 'boolean' ? value : undefined} onChange={set} />;
    case 'relation':
      return (
        <RelationChoice name={name} question={question} value={typeof value === 'string' ? value : undefined} onChange={set} />
      );
    case 'choice':
      return (
        <ChoiceQuestion name={name} question={question} value={typeof value === 'string' ? value : undefined} onChange={set} />
      );
    case 'text':
      return (
        <RationaleField
          id={name}
          question={question}
          value={typeof value === 'string' ? value : undefined}
          required={isRequired(question, answers)}
          onChange={set}
        />
      );
  }
}

/** The campaign's questions for the pair on screen; the active one is outlined and owns the answer keys. */
export function QuestionPanel({ formKey, questions, answers, activeIndex, errors, onAnswer, onActivate, beside, onBox }: Props) {
  return (
    <div className={styles.questions} role="group" aria-label="Questions">
      {questions.map((q, i) => {
        const required = isRequired(q, answers);
        const error = errors[q.key];
        const id = questionDomId(formKey, q.key);
        const className = `${styles.question} ${q.type === 'text' ? styles.questionText : ''} ${q.type === 'boolean' ? styles.questionShort : ''} ${i === activeIndex ? styles.questionActive : ''} ${error ? styles.questionMissing : ''}`;
        const title = (
          <>
            {q.label} {required ? null : <span className={styles.optional}>(optional)</span>}
            {error ? (
              <span className="field-error" role="alert">
                {' '}
                {q.label} {error}
              </span>
            ) : null}
          </>
        );
        return q.type === 'text' ? (
          <div
            key={q.key}
            className={className}
            data-question-index={i}
            ref={onBox ? (box: HTMLElement | null) => onBox(i, box) : undefined}
            onFocus={() => onActivate(i)}
            aria-current={i === activeIndex ? 'step' : undefined}
          >
            <div className={styles.questionLabel}>
              <label htmlFor={id}>{title}</label>
              <span id={`${id}-help`} className="muted small">
                <kbd>t</kbd> write · <kbd>Esc</kbd> leave
              </span>
            </div>
            <QuestionInput formKey={formKey} question={q} answers={answers} onAnswer={onAnswer} />
            {beside ? <div className={styles.beside}>{beside(q)}</div> : null}
          </div>
        ) : (
          <fieldset
            key={q.key}
            className={className}
            data-question-index={i}
            ref={onBox ? (box: HTMLElement | null) => onBox(i, box) : undefined}
            onFocus={() => onActivate(i)}
            aria-current={i === activeIndex ? 'step' : undefined}
          >
            <legend>{title}</legend>
            <QuestionInput formKey={formKey} question={q} answers={answers} onAnswer={onAnswer} />
            {beside ? <div className={styles.beside}>{beside(q)}</div> : null}
          </fieldset>
        );
      })}
    </div>
  );
}
