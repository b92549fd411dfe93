import { describe, expect, it } from 'vitest';
import { builtInQuestion, type Question } from '@/lib/annotation/questions';
import { answerLines, answerText, firstOpenIndex, imagePageUrl, nextChoiceIndex, openQuestionAfterText } from './answer-text';

const questions: Question[] = [
  builtInQuestion('semantic'),
  builtInQuestion('rationale'),
  builtInQuestion('relation'),
  builtInQuestion('paraphraseStrict'),
];

describe('answerText', () => {
  it('writes each kind of answer in words', () => {
    expect(answerText(questions[0], 3)).toBe('3 (mostly the same meaning, details differ)');
    expect(answerText(questions[2], 'forward')).toBe('Forward entailment (Text 1 ⊨ Text 2)');
    expect(answerText(questions[3], false)).toBe('no');
    expect(answerText(questions[1], 'because')).toBe('because');
    expect(answerText(undefined, undefined)).toBe('—');
  });

  it('lists answers in question order, unknown keys last', () => {
    expect(answerLines(questions, { old: 'x', paraphraseStrict: true, semantic: 0 }).map((l) => l.key)).toEqual([
      'semantic',
      'paraphraseStrict',
      'old',
    ]);
  });
});

describe('active question movement', () => {
  it('skips free text when moving on, and ends after the last question', () => {
    expect(nextChoiceIndex(questions, 0)).toBe(2);
    expect(nextChoiceIndex(questions, 2)).toBe(3);
    expect(nextChoiceIndex(questions, 3)).toBeNull();
  });

  it('starts at the first unanswered choice', () => {
    expect(firstOpenIndex(questions, {})).toBe(0);
    expect(firstOpenIndex(questions, { semantic: 2 })).toBe(2);
    expect(firstOpenIndex(questions, { semantic: 2, relation: 'negation', paraphraseStrict: false })).toBe(0);
    expect(firstOpenIndex([], {})).toBeNull();
  });
});

describe('imagePageUrl', () => {
  it('prefers a known http(s) URL, else builds the Commons page of a File: name', () => {
    expect(imagePageUrl({ key: 'File:A b.jpg', url: 'https://example.org/x' })).toBe('https://example.org/x');
    expect(imagePageUrl({ key: 'File:Easter postcard (1907).jpg', url: null })).toBe(
      'https://commons.wikimedia.org/wiki/File:Easter_postcard_(1907).jpg',
    );
    expect(imagePageUrl({ key: 'File:a?b#c.png', url: 'javascript:alert(1)' })).toBe(
      'https://commons.wikimedia.org/wiki/File:a%3Fb%23c.png',
    );
    expect(imagePageUrl({ key: 'some-id', url: null })).toBeNull();
    expect(imagePageUrl(null)).toBeNull();
  });
});

describe('openQuestionAfterText (Esc from a note or rationale)', () => {
  const q = (key: string, type: Question['type']) => ({ key, type, label: key, required: true }) as Question;
  const questions = [q('semantic', 'likert'), q('relation', 'relation'), q('note', 'text'), q('loose', 'boolean')];

  it('goes to the next open question after the text, else the first open one before it, else the submit button', () => {
    expect(openQuestionAfterText(questions, {}, 2)).toBe(3);
    expect(openQuestionAfterText(questions, { loose: true }, 2)).toBe(0);
    expect(openQuestionAfterText(questions, { loose: true, semantic: 2 }, 2)).toBe(1);
    expect(openQuestionAfterText(questions, { loose: true, semantic: 2, relation: 'forward' }, 2)).toBeNull();
  });
});
