import { describe, expect, it } from 'vitest';
import { computeUserMeasureCorrelations } from './correlation-table';

describe('user measures against the ratings', () => {
  it('correlates each user measure with both axes, leaving out pairs without a value', () => {
    const rows: Array<{ ratedSem: number; ratedSyn: number; userMeasures: Record<string, number> | null }> = [
      { ratedSem: 1, ratedSyn: 4, userMeasures: { para: 0.1 } },
      { ratedSem: 2, ratedSyn: 3, userMeasures: { para: 0.4, nli: 1 } },
      { ratedSem: 3, ratedSyn: 1, userMeasures: { para: 0.35 } },
      { ratedSem: 4, ratedSyn: 0, userMeasures: { para: 0.8 } },
      { ratedSem: 2, ratedSyn: 2, userMeasures: null },
    ];
    const table = computeUserMeasureCorrelations(rows);
    expect(Object.keys(table)).toEqual(['nli', 'para']);
    // Python: statistics.correlation([0.1, 0.4, 0.35, 0.8], [1, 2, 3, 4]) = 0.913369…, with [4, 3, 1, 0]: -0.850631…
    expect(table.para!.semantic.n).toBe(4);
    expect(table.para!.semantic.pearson).toBeCloseTo(0.9133691346759314, 12);
    expect(table.para!.syntactic.pearson).toBeCloseTo(-0.8506310604442774, 12);
    expect(table.nli!.semantic).toMatchObject({ n: 1, pearson: null });
  });
});
