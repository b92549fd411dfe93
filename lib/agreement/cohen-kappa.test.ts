/**
 * Cohen's kappa against the examples in scikit-learn's test suite
 * (sklearn/metrics/tests/test_classification.py, test_cohen_kappa: Artstein & Poesio 2008
 * tables) and statsmodels' (statsmodels/stats/tests/test_inter_rater.py: SAS PROC FREQ
 * printout for table10; R irr kappa2 on the `anxiety` data), plus random 2-coder data scored
 * by sklearn 1.2.1 offline (__fixtures__/reference-cases.json, case C).
 */
import { describe, expect, it } from 'vitest';
import { computeCohenKappa, computeCohenKappaFromTable, NO_CHANCE_DISAGREEMENT, NO_UNITS } from '@/lib/agreement/cohen-kappa';
import { AgreementInputError } from '@/lib/agreement/rating-values';
import { REFERENCE_CASES } from '@/lib/agreement/__fixtures__/reference-cases';

const repeat = (value: number, times: number): number[] => new Array<number>(times).fill(value);

describe('scikit-learn test_cohen_kappa', () => {
  it('Artstein & Poesio (2008) Table 1, [[20, 20], [10, 50]]: 0.348, symmetric', () => {
    const y1 = [...repeat(0, 40), ...repeat(1, 60)];
    const y2 = [...repeat(0, 20), ...repeat(1, 20), ...repeat(0, 10), ...repeat(1, 50)];
    const kappa = computeCohenKappa(y1, y2).value;
    expect(kappa).toBeCloseTo(0.348, 3);
    expect(computeCohenKappa(y2, y1).value).toBe(kappa);
    expect(
      computeCohenKappaFromTable([
        [20, 20],
        [10, 50],
      ]).value,
    ).toBe(kappa);
    expect(computeCohenKappa(y1, y1).value).toBe(1);
  });

  it('Artstein & Poesio Table 4 (multiclass): 0.8013', () => {
    const y1 = [...repeat(0, 46), ...repeat(1, 44), ...repeat(2, 10)];
    const y2 = [...repeat(0, 52), ...repeat(1, 32), ...repeat(2, 16)];
    expect(computeCohenKappa(y1, y2).value).toBeCloseTo(0.8013, 4);
  });

  it('weighting example: none 0.9315, linear 0.9412, quadratic 0.9541', () => {
    const y1 = [...repeat(0, 46), ...repeat(1, 44), ...repeat(2, 10)];
    const y2 = [...repeat(0, 50), ...repeat(1, 40), ...repeat(2, 10)];
    expect(computeCohenKappa(y1, y2).value).toBeCloseTo(0.9315, 4);
    expect(computeCohenKappa(y1, y2, { weighting: 'linear' }).value).toBeCloseTo(0.9412, 4);
    expect(computeCohenKappa(y1, y2, { weighting: 'quadratic' }).value).toBeCloseTo(0.9541, 4);
  });
});

describe('statsmodels test_inter_rater', () => {
  const table10 = [
    [0, 4, 1],
    [0, 8, 0],
    [0, 1, 5],
  ];
  it('SAS printout for table10: simple kappa 0.4842, weighted (weights 0, 1, 2) 0.4701', () => {
    expect(computeCohenKappaFromTable(table10).value).toBeCloseTo(0.4842, 4);
    expect(computeCohenKappaFromTable(table10, 'linear').value).toBeCloseTo(0.4701, 4);
  });

  // anxiety data of R irr, raters 2 and 3 (statsmodels reshapes the 60 values column-wise).
  const rater2 = [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4];
  const rater3 = [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2];
  it('R irr kappa2(anxiety[,2:3]): unweighted -0.006289308', () => {
    expect(computeCohenKappa(rater2, rater3).value).toBeCloseTo(-0.006289308, 9);
  });
  it('R irr kappa2(..., "equal") = 0.1459075 and "squared" = 0.2520325: weights by position of the observed values 1, 2, 3, 4, 6', () => {
    expect(computeCohenKappa(rater2, rater3, { weighting: 'linear' }).value).toBeCloseTo(0.1459075, 7);
    expect(computeCohenKappa(rater2, rater3, { weighting: 'quadratic' }).value).toBeCloseTo(0.2520325, 7);
  });
  it('an unused category changes the positions, hence weighted kappa (sklearn labels=[1..6])', () => {
    const withFive = computeCohenKappa(rater2, rater3, { weighting: 'linear', categories: [1, 2, 3, 4, 5, 6] });
    // sklearn.metrics.cohen_kappa_score(r2, r3, labels=[1,2,3,4,5,6], weights='linear'), 1.2.1 offline.
    expect(withFive.value).toBeCloseTo(0.12621359223300954, 12);
  });
});

describe('random data against scikit-learn 1.2.1 (reference case C)', () => {
  const reference = REFERENCE_CASES.C;
  it('unweighted, linear and quadratic kappa', () => {
    if (!reference) throw new Error('reference case C is missing');
    const [a = [], b = []] = reference.ratings.map((row) => row.map((v) => Number(v)));
    expect(computeCohenKappa(a, b).value).toBeCloseTo(reference.cohen ?? NaN, 12);
    expect(computeCohenKappa(a, b, { weighting: 'linear' }).value).toBeCloseTo(reference.cohenLinear ?? NaN, 12);
    expect(computeCohenKappa(a, b, { weighting: 'quadratic' }).value).toBeCloseTo(reference.cohenQuadratic ?? NaN, 12);
  });
});

describe('undefined and invalid cases', () => {
  it('both coders used one and the same category: null, not 1 or NaN', () => {
    expect(computeCohenKappa(['x', 'x', 'x'], ['x', 'x', 'x'])).toEqual({ value: null, reason: NO_CHANCE_DISAGREEMENT });
  });
  it('each coder constant but different: kappa is defined (0), not undefined', () => {
    expect(computeCohenKappa(['x', 'x'], ['y', 'y']).value).toBe(0);
  });
  it('no units: null', () => {
    expect(computeCohenKappa([], [])).toEqual({ value: null, reason: NO_UNITS });
  });
  it('weighted kappa on unordered text without categories throws', () => {
    expect(() => computeCohenKappa(['a', 'b'], ['b', 'a'], { weighting: 'linear' })).toThrow(AgreementInputError);
  });
  it('different lengths and non-square tables throw', () => {
    expect(() => computeCohenKappa([1, 2], [1])).toThrow(AgreementInputError);
    expect(() => computeCohenKappaFromTable([[1, 2], [3]])).toThrow(AgreementInputError);
  });
});
