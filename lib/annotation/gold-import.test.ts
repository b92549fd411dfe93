import { describe, expect, it } from 'vitest';
import { resolveQuestions, type Question } from './questions';
import { mapGoldRow, parseGoldColumnMap } from './gold-import';

const resolved = resolveQuestions([{ key: 'semantic' }, { key: 'relation' }, { key: 'rationale' }]);
const questions: Question[] = 'questions' in resolved ? resolved.questions : [];

describe('gold rows from a file', () => {
  it('needs an explanation column and one way to find the pair', () => {
    expect(parseGoldColumnMap('pair=pid,semantic=score', questions)).toEqual({
      ok: false,
      error: '--map needs explanation=COLUMN',
    });
    expect(parseGoldColumnMap('id=pid,pair=orig,semantic=score,explanation=why', questions)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/one of them/) as string,
    });
    expect(parseGoldColumnMap('semantic=score,explanation=why', questions)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/pair=COLUMN/) as string,
    });
    expect(parseGoldColumnMap('id=pid,semantic=score,nli=x,explanation=why', questions)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/"nli"/) as string,
    });
    expect(parseGoldColumnMap('id=pid,semantic=score,explanation=why', questions)).toEqual({
      ok: true,
      value: { byId: true, base: { pair: 'pid', annotator: 'why', questions: { semantic: 'score' } } },
    });
  });

  it('maps a row to the pair, the checked answers and the explanation, or says what is wrong on which line', () => {
    const byId = parseGoldColumnMap('id=pid,semantic=score,relation=rel,explanation=why', questions);
    const byTexts = parseGoldColumnMap('a=s1,b=s2,relation=rel,explanation=why', questions);
    if (!byId.ok || !byTexts.ok) throw new Error('maps');
    const values = { relation: { E: 'equivalence' } };
    expect(mapGoldRow({ pid: '12', score: '4', rel: 'E', why: 'Same meaning.' }, 2, byId.value, values, questions)).toEqual({
      ok: true,
      row: { line: 2, pair: { pairId: 12 }, answers: { semantic: 4, relation: 'equivalence' }, explanation: 'Same meaning.' },
    });
    // an empty cell: that question does not count for this pair
    expect(
      mapGoldRow({ s1: 'A dog runs.', s2: 'A dog is running.', rel: 'equivalence', why: 'x' }, 3, byTexts.value, {}, questions),
    ).toEqual({
      ok: true,
      row: {
        line: 3,
        pair: { texts: ['A dog runs.', 'A dog is running.'] },
        answers: { relation: 'equivalence' },
        explanation: 'x',
      },
    });
    expect(mapGoldRow({ pid: '12', score: '4', why: '' }, 4, byId.value, {}, questions)).toEqual({
      ok: false,
      line: 4,
      message: 'no explanation in column "why"',
    });
    expect(mapGoldRow({ pid: 'p7', score: '4', why: 'x' }, 5, byId.value, {}, questions)).toEqual({
      ok: false,
      line: 5,
      message: '"p7" is not a pair id',
    });
    expect(mapGoldRow({ pid: '7', score: '9', why: 'x' }, 6, byId.value, {}, questions)).toMatchObject({
      ok: false,
      line: 6,
      message: 'answers.semantic must be an integer from 0 to 4, not 9',
    });
    expect(mapGoldRow({ pid: '7', score: '', rel: '', why: 'x' }, 7, byId.value, {}, questions)).toEqual({
      ok: false,
      line: 7,
      message: 'answers must give at least one answer',
    });
  });
});
