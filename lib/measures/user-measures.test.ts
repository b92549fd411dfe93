import { describe, expect, it } from 'vitest';
import { mapScoreRow, parseScoreColumnMap, parseScoreMeasures, userMeasureNameProblem } from './user-measures';

describe('user measure names', () => {
  it('are lowercase identifiers that are neither catalogue keys nor reserved', () => {
    expect(userMeasureNameProblem('my_model')).toBeNull();
    expect(userMeasureNameProblem('m2')).toBeNull();
    expect(userMeasureNameProblem('MyModel')).toMatch(/not a measure name/);
    expect(userMeasureNameProblem('2model')).toMatch(/not a measure name/);
    expect(userMeasureNameProblem('my-model')).toMatch(/not a measure name/);
    expect(userMeasureNameProblem('bleu')).toMatch(/built-in measure bleu of the catalogue/);
    // the catalogue's camelCase keys, lower-cased, collide too
    expect(userMeasureNameProblem('rougel')).toMatch(/built-in measure rougeL/);
    expect(userMeasureNameProblem('length')).toMatch(/reserved/);
  });
});

describe('the column map of a scores file', () => {
  it('names the pair one way: id=, pair= or a=,b=', () => {
    expect(parseScoreColumnMap('id=pair_id')).toEqual({ ok: true, value: { pair: { by: 'id', column: 'pair_id' } } });
    expect(parseScoreColumnMap('pair=qid')).toEqual({ ok: true, value: { pair: { by: 'originalId', column: 'qid' } } });
    expect(parseScoreColumnMap('a=s1, b=s2')).toEqual({ ok: true, value: { pair: { by: 'texts', a: 's1', b: 's2' } } });
    expect(parseScoreColumnMap('a=s1')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/both a=COLUMN and b=COLUMN/) as string,
    });
    expect(parseScoreColumnMap('id=x,pair=y')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/one of them/) as string,
    });
    expect(parseScoreColumnMap('score=x')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/"score" is neither id, pair, a nor b/) as string,
    });
    expect(parseScoreColumnMap('id')).toMatchObject({ ok: false, error: expect.stringMatching(/not KEY=VALUE/) as string });
  });

  it('reads the measures with their axes, each name checked and given once', () => {
    expect(parseScoreMeasures('para=p,nli=entail', 'para=semantic')).toEqual({
      ok: true,
      value: [
        { name: 'para', column: 'p', axis: 'semantic' },
        { name: 'nli', column: 'entail', axis: 'none' },
      ],
    });
    expect(parseScoreMeasures('')).toMatchObject({ ok: false, error: expect.stringMatching(/at least one/) as string });
    expect(parseScoreMeasures('st=score')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^--measure: "st" is the built-in measure st/) as string,
    });
    expect(parseScoreMeasures('x=a,x=b')).toMatchObject({ ok: false, error: expect.stringMatching(/given twice/) as string });
    expect(parseScoreMeasures('x=a', 'y=semantic')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/"y" is not a measure/) as string,
    });
    expect(parseScoreMeasures('x=a', 'x=sideways')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/none, semantic, syntactic/) as string,
    });
  });
});

describe('a row of a scores file', () => {
  const measures = [
    { name: 'para', column: 'p', axis: 'none' as const },
    { name: 'nli', column: 'n', axis: 'none' as const },
  ];
  const byId = { pair: { by: 'id' as const, column: 'pair_id' } };

  it('becomes a pair reference and one value per measure (an empty cell: no value)', () => {
    expect(mapScoreRow({ pair_id: '12', p: '0.25', n: '' }, 3, byId, measures)).toEqual({
      ok: true,
      row: { line: 3, pair: { pairId: 12 }, values: [0.25, null] },
    });
    expect(mapScoreRow({ pair_id: 12, p: 1e-3, n: -2 }, 4, byId, measures)).toEqual({
      ok: true,
      row: { line: 4, pair: { pairId: 12 }, values: [0.001, -2] },
    });
    expect(mapScoreRow({ s1: ' A ', s2: 'B', p: '1', n: '0' }, 5, { pair: { by: 'texts', a: 's1', b: 's2' } }, measures)).toEqual(
      { ok: true, row: { line: 5, pair: { texts: [' A ', 'B'] }, values: [1, 0] } },
    );
    expect(mapScoreRow({ q: ' x7 ', p: '1', n: '0' }, 6, { pair: { by: 'originalId', column: 'q' } }, measures)).toMatchObject({
      ok: true,
      row: { pair: { originalId: 'x7' } },
    });
  });

  it('is refused with its line number and what is wrong', () => {
    expect(mapScoreRow({ pair_id: '12', p: 'high', n: 'NaN' }, 7, byId, measures)).toEqual({
      ok: false,
      line: 7,
      message: 'para: "high" is not a number; nli: "NaN" is not a number',
    });
    expect(mapScoreRow({ pair_id: '12', p: '', n: '' }, 8, byId, measures)).toEqual({
      ok: false,
      line: 8,
      message: 'no value in "p", "n"',
    });
    expect(mapScoreRow({ pair_id: '1.5', p: '1', n: '1' }, 9, byId, measures)).toMatchObject({
      ok: false,
      line: 9,
      message: expect.stringMatching(/not a Paralens pair id/) as string,
    });
    expect(mapScoreRow({ pair_id: '', p: '1', n: '1' }, 10, byId, measures)).toMatchObject({
      ok: false,
      message: 'no pair id in column "pair_id"',
    });
    expect(mapScoreRow({ pair_id: '3', p: '1' }, 11, byId, measures)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^no column "n"/) as string,
    });
    expect(
      mapScoreRow({ s1: 'A', s2: ' ', p: '1', n: '1' }, 12, { pair: { by: 'texts', a: 's1', b: 's2' } }, measures),
    ).toMatchObject({ ok: false, message: 'a text is missing' });
  });
});
