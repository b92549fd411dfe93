/**
 * The combined report: which coefficient is defined for which design (null with a reason
 * otherwise), percent and mean pairwise agreement, against the worked examples and reference
 * cases, and on real data:
 * the SICK re-annotation of Kalouli et al. (2019), 393 pairs x 3 annotators, compared with
 * statsmodels 0.13.5 fleiss_kappa and NLTK 3.8 AnnotationTask.alpha run offline on the same
 * CSV.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeAgreementReport } from '@/lib/agreement/agreement-report';
import { KRIPPENDORFF_2011 } from '@/lib/agreement/__fixtures__/published-data';
import { REFERENCE_CASES } from '@/lib/agreement/__fixtures__/reference-cases';
import { describeWithDatasets, sharedDatasetPath } from '@/lib/testing/shared-datasets';
import { parseCsv } from '@/lib/testing/csv';

describe('computeAgreementReport', () => {
  it('Krippendorff (2011) data: alpha, AC1 and percent agreement defined; Fleiss and Cohen null with reasons', () => {
    const report = computeAgreementReport({ ratings: KRIPPENDORFF_2011, level: 'ordinal' });
    const c = report.coefficients;
    expect(c.krippendorffAlpha.value).toBeCloseTo(0.8153875037548814, 14);
    expect(c.fleissKappa.value).toBeNull();
    expect(c.cohenKappa.reason).toBe("Cohen's kappa needs exactly two coders (got 4)");
    expect(c.cohenKappaLinear.value).toBeNull();
    expect(c.gwetAC1.value).toBeCloseTo(0.775, 3);
    // Units 2, 6 and 8 of the 11 pairable units have disagreeing ratings.
    expect(c.percentAgreement.value).toBeCloseTo(8 / 11, 15);
    expect(report).toMatchObject({ units: 11, pairableValues: 40, coders: 4 });
  });

  it('two complete coders at an ordered level: all three Cohen values; nominal level: weighted ones null', () => {
    const reference = REFERENCE_CASES.C;
    if (!reference) throw new Error('reference case C is missing');
    const ordinal = computeAgreementReport({ ratings: reference.ratings, level: 'ordinal' }).coefficients;
    expect(ordinal.cohenKappa.value).toBeCloseTo(reference.cohen ?? NaN, 12);
    expect(ordinal.cohenKappaLinear.value).toBeCloseTo(reference.cohenLinear ?? NaN, 12);
    expect(ordinal.cohenKappaQuadratic.value).toBeCloseTo(reference.cohenQuadratic ?? NaN, 12);
    const nominal = computeAgreementReport({ ratings: reference.ratings, level: 'nominal' }).coefficients;
    expect(nominal.cohenKappa.value).toBeCloseTo(reference.cohen ?? NaN, 12);
    expect(nominal.cohenKappaLinear).toEqual({
      value: null,
      reason: 'weighted kappa needs an ordered level (ordinal, interval or ratio)',
    });
  });

  it('two coders with a missing rating: Cohen null', () => {
    const report = computeAgreementReport({
      ratings: [
        [1, 2, 3],
        [1, null, 3],
      ],
      level: 'ordinal',
    });
    expect(report.coefficients.cohenKappa.reason).toMatch(/missing ratings/);
    expect(report.coefficients.krippendorffAlpha.value).toBe(1);
  });

  for (const [name, reference] of Object.entries(REFERENCE_CASES)) {
    it(`random matrix ${name}: percent and mean pairwise agreement match the direct definitions`, () => {
      const c = computeAgreementReport({ ratings: reference.ratings, level: 'nominal' }).coefficients;
      expect(c.percentAgreement.value).toBeCloseTo(reference.percentAgreement, 14);
      expect(c.meanPairwiseAgreement.value).toBeCloseTo(reference.meanPairwiseAgreement, 14);
    });
  }

  it('mean pairwise agreement: share of agreeing rating pairs per unit, averaged', () => {
    // Unit 1: a,a,b -> 1 of 3 pairs agree; unit 2: a,a -> 1 of 1; unit 3 has one rating.
    const report = computeAgreementReport({
      ratings: [
        ['a', 'a', 'a'],
        ['a', 'a', null],
        ['b', null, null],
      ],
      level: 'nominal',
    });
    expect(report.coefficients.meanPairwiseAgreement.value).toBeCloseTo((1 / 3 + 1) / 2, 15);
    expect(report.coefficients.percentAgreement.value).toBe(0.5);
    expect(report.units).toBe(2);
  });

  it('one coder: nothing pairable, every coefficient null with a reason', () => {
    const report = computeAgreementReport({ ratings: [[1, 2, 3]], level: 'nominal' });
    for (const estimate of Object.values(report.coefficients)) {
      expect(estimate.value).toBeNull();
      expect(estimate.reason).toBeTruthy();
    }
  });
});

const SICK_FILE = 'sick-reannotation-kalouli2019/derived_per_annotator_labels.csv';
const SICK_CSV = sharedDatasetPath(SICK_FILE);

describeWithDatasets(
  'real data: SICK re-annotation (Kalouli et al. 2019), 393 pairs x 3 annotators',
  () => {
    it("Fleiss' kappa and nominal alpha match statsmodels 0.13.5 and NLTK 3.8 run offline on the same file", () => {
      const [header = [], ...records] = parseCsv(readFileSync(SICK_CSV, 'utf8')).filter((r) => r.length > 1);
      const column = (name: string): number => header.indexOf(name);
      const [sheet, pair, slot, label] = ['sheet', 'pair_id', 'annotator_slot', 'label'].map(column);
      const units = new Map<string, (string | null)[]>();
      for (const record of records) {
        const key = `${record[sheet ?? 0] ?? ''}|${record[pair ?? 0] ?? ''}`;
        const ratings = units.get(key) ?? [null, null, null];
        ratings[Number(record[slot ?? 0]) - 1] = record[label ?? 0] ?? null;
        units.set(key, ratings);
      }
      expect(units.size).toBe(393);
      const columns = [...units.values()];
      const ratings = [0, 1, 2].map((c) => columns.map((unit) => unit[c] ?? null));
      const report = computeAgreementReport({ ratings, level: 'nominal', categories: ['E', 'C', 'N', 'D'] });
      expect(report.units).toBe(393);
      expect(report.pairableValues).toBe(1179);
      expect(report.coefficients.fleissKappa.value).toBeCloseTo(0.6048758933374317, 12);
      expect(report.coefficients.krippendorffAlpha.value).toBeCloseTo(0.6052110282879515, 12);
      expect(report.coefficients.percentAgreement.value).toBeCloseTo(0.6157760814249363, 12);
    });
  },
  [SICK_FILE],
);
