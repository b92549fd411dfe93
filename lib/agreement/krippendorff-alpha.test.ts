/**
 * Krippendorff's alpha against Krippendorff (2011), "Computing Krippendorff's
 * Alpha-Reliability" (worked example, section C/E), against the test suite of the Python
 * `krippendorff` package (pln-fing-udelar/fast-krippendorff, tests/test_krippendorff.py and
 * the alpha() doctests), and against random matrices scored offline by a NumPy transcription
 * of that package and by NLTK 3.8's AnnotationTask.alpha (__fixtures__/reference-cases.json).
 */
import { describe, expect, it } from 'vitest';
import {
  computeKrippendorffAlpha,
  computeKrippendorffAlphaFromUnits,
  NO_PAIRABLE_UNITS,
  SINGLE_VALUE,
} from '@/lib/agreement/krippendorff-alpha';
import { computeCoincidenceMatrix, computeKrippendorffAlphaFromCoincidences } from '@/lib/agreement/krippendorff-coincidences';
import { AgreementInputError, MEASUREMENT_LEVELS, type RatingMatrix } from '@/lib/agreement/rating-values';
import { KRIPPENDORFF_2011 } from '@/lib/agreement/__fixtures__/published-data';
import { REFERENCE_CASES } from '@/lib/agreement/__fixtures__/reference-cases';

describe('Krippendorff (2011) worked example, 4 observers x 12 units with missing values', () => {
  const published = { nominal: 0.743, ordinal: 0.815, interval: 0.849, ratio: 0.797 } as const;
  // Unrounded values: krippendorff (PyPI) transcription and NLTK 3.8 agree on all digits shown.
  const unrounded = {
    nominal: 0.743421052631579,
    ordinal: 0.8153875037548814,
    interval: 0.8491071428571428,
    ratio: 0.7974027747116121,
  } as const;
  for (const level of MEASUREMENT_LEVELS) {
    it(`${level} alpha = ${published[level]} (paper), ${unrounded[level]} (reference implementation)`, () => {
      const alpha = computeKrippendorffAlpha(KRIPPENDORFF_2011, { level });
      expect(alpha.value).not.toBeNull();
      expect(Math.round((alpha.value ?? 0) * 1000) / 1000).toBe(published[level]);
      expect(alpha.value).toBeCloseTo(unrounded[level], 14);
      // Unit 12 has a single value and is not pairable: 11 units, n = 40 (paper: n.. = 40).
      expect(alpha.units).toBe(11);
      expect(alpha.pairableValues).toBe(40);
    });
  }

  it('coincidence matrix matches the paper: o_11 = 7, o_12 = 4/3, n_c = 9, 13, 10, 5, 3', () => {
    const { values, matrix } = computeCoincidenceMatrix(KRIPPENDORFF_2011, { level: 'nominal' });
    expect(values).toEqual([1, 2, 3, 4, 5]);
    const expected = [
      [7, 4 / 3, 1 / 3, 1 / 3, 0],
      [4 / 3, 10, 4 / 3, 1 / 3, 0],
      [1 / 3, 4 / 3, 8, 1 / 3, 0],
      [1 / 3, 1 / 3, 1 / 3, 4, 0],
      [0, 0, 0, 0, 3],
    ];
    matrix.forEach((row, c) => row.forEach((o, k) => expect(o).toBeCloseTo(expected[c]?.[k] ?? NaN, 14)));
    const marginals = matrix.map((row) => row.reduce((s, v) => s + v, 0));
    [9, 13, 10, 5, 3].forEach((n, c) => expect(marginals[c]).toBeCloseTo(n, 13));
  });

  it('alpha from the coincidence matrix equals alpha from the raw matrix at every level', () => {
    const coincidences = computeCoincidenceMatrix(KRIPPENDORFF_2011, { level: 'interval' });
    for (const level of MEASUREMENT_LEVELS) {
      const fromMatrix = computeKrippendorffAlphaFromCoincidences(coincidences, level);
      expect(fromMatrix.value).toBeCloseTo(unrounded[level], 14);
      expect(fromMatrix.pairableValues).toBeCloseTo(40, 12);
    }
  });

  it('krippendorff package doctest: text values with an ordered domain give ordinal 0.815', () => {
    const words = ['very low', 'low', 'mid', 'high', 'very high'];
    const asWords: RatingMatrix = KRIPPENDORFF_2011.map((row) =>
      row.map((v) => (v === null ? null : (words[Number(v) - 1] ?? null))),
    );
    const alpha = computeKrippendorffAlpha(asWords, { level: 'ordinal', categories: words });
    expect(alpha.value).toBeCloseTo(unrounded.ordinal, 14);
  });
});

describe('krippendorff package tests (fast-krippendorff tests/test_krippendorff.py)', () => {
  const data: RatingMatrix = [
    [null, null, null, null, null, 3, 4, 1, 2, 1, 1, 3, 3, null, 3],
    [1, null, 2, 1, 3, 3, 4, 3, null, null, null, null, null, null, null],
    [null, null, 2, 1, 3, 4, 4, null, 2, 1, 1, 3, 3, null, 4],
  ];
  it('test_nominal_metric_reliability_data: 0.691358', () => {
    expect(computeKrippendorffAlpha(data, { level: 'nominal' }).value).toBeCloseTo(0.691358, 6);
  });
  it('test_interval_metric: 0.810845', () => {
    expect(computeKrippendorffAlpha(data, { level: 'interval' }).value).toBeCloseTo(0.810845, 6);
  });
  it('test_nominal_metric_value_counts: 0.691358 from per-unit value counts', () => {
    const counts = [
      [1, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 2, 0, 0],
      [2, 0, 0, 0],
      [0, 0, 2, 0],
      [0, 0, 2, 1],
      [0, 0, 0, 3],
      [1, 0, 1, 0],
      [0, 2, 0, 0],
      [2, 0, 0, 0],
      [2, 0, 0, 0],
      [0, 0, 2, 0],
      [0, 0, 2, 0],
      [0, 0, 0, 0],
      [0, 0, 1, 1],
    ];
    const units = counts.map((row) => new Map(row.map((count, value) => [value, count])));
    expect(computeKrippendorffAlphaFromUnits(units, { level: 'nominal' }).value).toBeCloseTo(0.691358, 6);
  });
  it('test_ratio_metric_with_zeros: identical ratings including 0 give 1', () => {
    expect(
      computeKrippendorffAlpha(
        [
          [0, 1, 2],
          [0, 1, 2],
        ],
        { level: 'ratio' },
      ).value,
    ).toBe(1);
  });
  it('test_string_labels_nominal: 0.722222', () => {
    const labels: RatingMatrix = [
      ['pos', 'neg', 'neu', null],
      ['pos', 'neg', 'neu', 'pos'],
      ['pos', 'neg', 'pos', 'pos'],
    ];
    expect(computeKrippendorffAlpha(labels, { level: 'nominal' }).value).toBeCloseTo(0.722222, 6);
  });
  it('test_perfect_agreement: 1 at nominal and interval', () => {
    const perfect = [
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
    ];
    expect(computeKrippendorffAlpha(perfect, { level: 'nominal' }).value).toBe(1);
    expect(computeKrippendorffAlpha(perfect, { level: 'interval' }).value).toBe(1);
  });
});

describe('definitions where implementations differ', () => {
  it('the ordinal metric uses ranks of the observed values, not their spacing', () => {
    // A monotone relabelling keeps ordinal alpha and changes interval alpha.
    const stretch = [0, 1, 2, 10, 100, 1000];
    const stretched = KRIPPENDORFF_2011.map((row) => row.map((v) => (v === null ? null : (stretch[Number(v)] ?? 0))));
    const ordinal = computeKrippendorffAlpha(stretched, { level: 'ordinal' }).value;
    expect(ordinal).toBeCloseTo(0.8153875037548814, 14);
    const interval = computeKrippendorffAlpha(stretched, { level: 'interval' }).value ?? 0;
    expect(Math.abs(interval - 0.8491071428571428)).toBeGreaterThan(0.01);
  });

  it('unused categories do not change ordinal alpha (ranks come from pairable values)', () => {
    const alpha = computeKrippendorffAlpha(KRIPPENDORFF_2011, { level: 'ordinal', categories: [0, 1, 2, 3, 4, 5, 6] });
    expect(alpha.value).toBeCloseTo(0.8153875037548814, 14);
  });

  it('all pairable ratings identical: null with a reason (the krippendorff package raises, others report 1)', () => {
    expect(
      computeKrippendorffAlpha(
        [
          [1, 1],
          [1, 1],
        ],
        { level: 'nominal' },
      ),
    ).toEqual({
      value: null,
      reason: SINGLE_VALUE,
      units: 2,
      pairableValues: 4,
    });
    // 0.1 * 3 / 3 !== 0.1 in floating point: the single-value check must not rely on a zero variance.
    expect(
      computeKrippendorffAlpha(
        [
          [0.1, 0.1, 0.1],
          [0.1, 0.1, 0.1],
        ],
        { level: 'interval' },
      ).value,
    ).toBeNull();
  });

  it('no unit with two ratings: null with a reason', () => {
    const alpha = computeKrippendorffAlpha(
      [
        [1, null],
        [null, 2],
      ],
      { level: 'nominal' },
    );
    expect(alpha).toEqual({ value: null, reason: NO_PAIRABLE_UNITS, units: 0, pairableValues: 0 });
  });

  it('a single value in a non-pairable unit does not count', () => {
    const withLoner = computeKrippendorffAlpha(
      [
        [1, 2, 3, 9],
        [1, 2, 2, null],
      ],
      { level: 'nominal' },
    );
    const without = computeKrippendorffAlpha(
      [
        [1, 2, 3],
        [1, 2, 2],
      ],
      { level: 'nominal' },
    );
    expect(withLoner.value).toBe(without.value);
  });
});

describe('random matrices against reference implementations (__fixtures__/reference-cases.json)', () => {
  for (const [name, reference] of Object.entries(REFERENCE_CASES)) {
    it(`case ${name}: all four levels match the krippendorff transcription; nominal and interval match NLTK`, () => {
      for (const level of MEASUREMENT_LEVELS) {
        expect(computeKrippendorffAlpha(reference.ratings, { level }).value).toBeCloseTo(reference[level], 12);
      }
      expect(computeKrippendorffAlpha(reference.ratings, { level: 'nominal' }).value).toBeCloseTo(reference.nltkNominal, 12);
      expect(computeKrippendorffAlpha(reference.ratings, { level: 'interval' }).value).toBeCloseTo(reference.nltkInterval, 12);
    });
  }
});

describe('invalid input throws AgreementInputError', () => {
  const cases: [string, () => unknown][] = [
    ['empty matrix', () => computeKrippendorffAlpha([], { level: 'nominal' })],
    ['no units', () => computeKrippendorffAlpha([[]], { level: 'nominal' })],
    ['ragged rows', () => computeKrippendorffAlpha([[1, 2], [1]], { level: 'nominal' })],
    [
      'text at the interval level',
      () =>
        computeKrippendorffAlpha(
          [
            ['a', 'b'],
            ['a', 'b'],
          ],
          { level: 'interval' },
        ),
    ],
    [
      'text at the ordinal level without categories',
      () =>
        computeKrippendorffAlpha(
          [
            ['a', 'b'],
            ['a', 'b'],
          ],
          { level: 'ordinal' },
        ),
    ],
    [
      'negative value at the ratio level',
      () =>
        computeKrippendorffAlpha(
          [
            [-1, 2],
            [1, 2],
          ],
          { level: 'ratio' },
        ),
    ],
    [
      'value outside the categories',
      () =>
        computeKrippendorffAlpha(
          [
            [1, 2],
            [1, 3],
          ],
          { level: 'nominal', categories: [1, 2] },
        ),
    ],
    [
      'duplicate category',
      () =>
        computeKrippendorffAlpha(
          [
            [1, 2],
            [1, 2],
          ],
          { level: 'nominal', categories: [1, 2, 2] },
        ),
    ],
  ];
  for (const [name, run] of cases) {
    it(name, () => expect(run).toThrow(AgreementInputError));
  }
});
