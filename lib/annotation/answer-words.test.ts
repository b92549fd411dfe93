import { describe, expect, it } from 'vitest';
import { answerWords, questionLabel, storedAnswerText } from './answer-words';
import { builtInQuestion, type Question } from './questions';

const questions: Question[] = [
  builtInQuestion('semantic'),
  builtInQuestion('paraphraseLoose'),
  builtInQuestion('relation'),
  { key: 'nli', type: 'choice', label: 'NLI label', required: true, options: [{ value: 'E', label: 'entailment' }] },
  builtInQuestion('rationale'),
];

describe('answers in words', () => {
  it('reads yes/no, relations in stored order, choices by their label and numbers as they are', () => {
    expect(storedAnswerText(questions[1], true)).toBe('yes');
    expect(storedAnswerText(questions[1], false)).toBe('no');
    expect(storedAnswerText(questions[2], 'forward')).toBe('Forward entailment (first ⊨ second)');
    expect(storedAnswerText(questions[3], 'E')).toBe('entailment');
    expect(storedAnswerText(questions[0], 3)).toBe('3');
    expect(storedAnswerText(undefined, null)).toBe('—');
  });

  it('names questions by their label, in the campaign order, leaving the rationale out unless asked', () => {
    expect(questionLabel(questions, 'paraphraseLoose')).toBe('Paraphrase under the loose definition?');
    expect(questionLabel(questions, 'gone')).toBe('gone');
    expect(answerWords(questions, { relation: 'negation', paraphraseLoose: true, rationale: 'because', gone: 1 })).toEqual([
      'Paraphrase under the loose definition?: yes',
      'Entailment relation: Negation',
      'gone: 1',
    ]);
    expect(answerWords(questions, { rationale: 'because' }, { withRationale: true })).toEqual(['Rationale: because']);
  });
});
