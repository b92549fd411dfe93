import { describe, expect, it } from 'vitest';
import { resolveQuestions, type Question } from './questions';
import { mapAnnotationRow, parseColumnMap } from './annotation-import';

const resolved = resolveQuestions([{ key: 'paraphraseLoose' }, { key: 'relation' }]);
const questions: Question[] = 'questions' in resolved ? resolved.questions : [];

describe('annotation rows from a file: texts verbatim, labels trimmed', () => {
  const map = parseColumnMap('a=s1,b=s2,annotator=who,paraphraseLoose=para,relation=rel', questions);
  if (!map.ok) throw new Error(map.error);

  it('keeps a text with a trailing space as stored (STS-B has 305 such rows in train), trims labels and annotator ids', () => {
    expect(
      mapAnnotationRow(
        { s1: 'A man is playing a flute. ', s2: ' A man plays the flute.', who: ' a1 ', para: ' yes', rel: 'equivalence ' },
        2,
        map.value,
        {},
        questions,
      ),
    ).toEqual({
      ok: true,
      row: {
        line: 2,
        pair: { texts: ['A man is playing a flute. ', ' A man plays the flute.'] },
        annotator: 'a1',
        answers: { paraphraseLoose: true, relation: 'equivalence' },
      },
    });
  });

  it('a text of spaces only is missing', () => {
    expect(mapAnnotationRow({ s1: '   ', s2: 'Text.', who: 'a1', para: 'no' }, 3, map.value, {}, questions)).toEqual({
      ok: false,
      line: 3,
      message: 'a text is missing',
    });
  });
});
