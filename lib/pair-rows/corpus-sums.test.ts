/**
 * Corpus sums: mean and sample sd from merged sums equal the two-pass values (the definition
 * PostgreSQL's avg and stddev_samp use), and merging in any split gives the same result.
 */
import { describe, expect, it } from 'vitest';
import { emptyMeasureValues, type MeasureValues } from '@/lib/measures/catalog';
import { addPairToSums, describeSums, emptyCorpusSums, mergeCorpusSums } from './corpus-sums';

function twoPass(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
  return { mean, sd };
}

function pair(rouge1: number, st: number | null): MeasureValues {
  return { ...emptyMeasureValues(), rouge1, st };
}

describe('corpus sums', () => {
  const data = Array.from({ length: 500 }, (_, i) => ({
    rouge1: ((i * 37) % 101) / 100,
    st: i % 7 === 0 ? null : ((i * 13) % 97) / 96,
    wa: 5 + (i % 20),
    wb: 8 + (i % 11),
  }));

  it('describes means, sample sds, min and max as a two-pass computation does, for all pairs and ST > 0.8', () => {
    const sums = emptyCorpusSums();
    for (const d of data) addPairToSums(sums, pair(d.rouge1, d.st), d.wa, d.wb);
    const r1 = describeSums(sums.all.measures.rouge1);
    const expected = twoPass(data.map((d) => d.rouge1));
    expect(r1.n).toBe(500);
    expect(r1.mean).toBeCloseTo(expected.mean, 12);
    expect(r1.sd).toBeCloseTo(expected.sd, 12);
    expect(r1.min).toBe(0);
    expect(r1.max).toBe(1);
    const lengths = twoPass(data.map((d) => (d.wa + d.wb) / 2));
    expect(describeSums(sums.all.length).sd).toBeCloseTo(lengths.sd, 12);
    const above = data.filter((d) => d.st !== null && d.st > 0.8);
    expect(sums.stAbove.pairs).toBe(above.length);
    expect(describeSums(sums.stAbove.measures.rouge1).mean).toBeCloseTo(twoPass(above.map((d) => d.rouge1)).mean, 12);
    expect(sums.all.measures.st.n).toBe(data.filter((d) => d.st !== null).length);
  });

  it('merging sums of two halves equals the sums of the whole', () => {
    const whole = emptyCorpusSums();
    const first = emptyCorpusSums();
    const second = emptyCorpusSums();
    data.forEach((d, i) => {
      addPairToSums(whole, pair(d.rouge1, d.st), d.wa, d.wb);
      addPairToSums(i < 123 ? first : second, pair(d.rouge1, d.st), d.wa, d.wb);
    });
    const merged = mergeCorpusSums(first, second);
    expect(describeSums(merged.all.measures.rouge1).mean).toBeCloseTo(describeSums(whole.all.measures.rouge1).mean!, 12);
    expect(merged.all.measures.st).toEqual({
      ...whole.all.measures.st,
      mean: expect.closeTo(whole.all.measures.st.mean, 12) as number,
      m2: expect.closeTo(whole.all.measures.st.m2, 9) as number,
    });
    expect(merged.stAbove.pairs).toBe(whole.stAbove.pairs);
  });

  it('reference counts add up when merged; a side with pairs but no counts (stored before them) leaves them undefined', () => {
    const a = emptyCorpusSums();
    const b = emptyCorpusSums();
    addPairToSums(a, pair(0.5, 0.9), 5, 6, { score: 3.2, isParaphrase: null });
    addPairToSums(b, pair(0.4, 0.2), 5, 6, { score: null, isParaphrase: false });
    addPairToSums(b, pair(0.4, 0.2), 5, 6, { score: 0, isParaphrase: true });
    expect(mergeCorpusSums(a, b).references).toEqual({ scores: 2, labels: 2 });
    const { references: _dropped, ...old } = b;
    expect(mergeCorpusSums(a, old).references).toBeUndefined();
    // an empty side without counts is still known to have none
    const { references: _none, ...empty } = emptyCorpusSums();
    expect(mergeCorpusSums(empty, a).references).toEqual({ scores: 1, labels: 0 });
  });

  it('equal values have an sd of exactly 0, however many there are and however they were merged', () => {
    const a = emptyCorpusSums();
    const b = emptyCorpusSums();
    for (let i = 0; i < 1000; i++) addPairToSums(i % 3 === 0 ? a : b, pair(0.8123, 0.9), 10, 12);
    expect(describeSums(mergeCorpusSums(a, b).all.measures.rouge1).sd).toBe(0);
  });

  it('undefined statistics are null: no values at all, or an sd from a single value', () => {
    expect(describeSums(undefined)).toEqual({ n: 0, mean: null, sd: null, min: null, max: null });
    const one = emptyCorpusSums();
    addPairToSums(one, pair(0.5, null), 3, 3);
    expect(describeSums(one.all.measures.rouge1)).toEqual({ n: 1, mean: 0.5, sd: null, min: 0.5, max: 0.5 });
    expect(describeSums(one.all.measures.bleu).mean).toBeNull();
  });
});
