/** The import's fast accumulator gives the same summaries as adding pairs one by one (Welford). */
import { describe, expect, it } from 'vitest';
import { emptyMeasureValues, measureKeys, type MeasureValues } from '@/lib/measures/catalog';
import { addPairToSums, describeSums, emptyCorpusSums } from './corpus-sums';
import { SumsAccumulator } from './sums-accumulator';

describe('SumsAccumulator', () => {
  it('matches the Welford sums for every measure and both blocks, nulls skipped', () => {
    const fast = new SumsAccumulator();
    const slow = emptyCorpusSums();
    for (let i = 0; i < 2000; i++) {
      const m: MeasureValues = {
        ...emptyMeasureValues(),
        rouge1: ((i * 37) % 101) / 100,
        bleu: i % 5 === 0 ? null : ((i * 13) % 89) / 88,
        st: i % 3 === 0 ? null : ((i * 7) % 97) / 96,
        delta: ((i * 11) % 53) / 26 - 1,
      };
      fast.add(m, 5 + (i % 17), 9 + (i % 4));
      addPairToSums(slow, m, 5 + (i % 17), 9 + (i % 4));
    }
    const got = fast.toCorpusSums();
    for (const block of ['all', 'stAbove'] as const) {
      expect(got[block].pairs).toBe(slow[block].pairs);
      for (const key of [...measureKeys, 'length'] as const) {
        const a = describeSums(key === 'length' ? got[block].length : got[block].measures[key]);
        const b = describeSums(key === 'length' ? slow[block].length : slow[block].measures[key]);
        expect(a.n, `${block} ${key}`).toBe(b.n);
        expect(a.min).toBe(b.min);
        expect(a.max).toBe(b.max);
        if (b.mean !== null) expect(a.mean).toBeCloseTo(b.mean, 12);
        if (b.sd !== null) expect(a.sd).toBeCloseTo(b.sd, 12);
      }
    }
  });

  it('equal values give an sd of exactly 0', () => {
    const fast = new SumsAccumulator();
    for (let i = 0; i < 10_000; i++) fast.add({ ...emptyMeasureValues(), rouge1: 0.8123 }, 10, 12);
    expect(describeSums(fast.toCorpusSums().all.measures.rouge1).sd).toBe(0);
  });
});

describe('SumsAccumulator map', () => {
  it('counts the characteristic map as the one-by-one sums do', () => {
    const fast = new SumsAccumulator();
    const slow = emptyCorpusSums();
    for (let i = 0; i < 500; i++) {
      const m: MeasureValues = {
        ...emptyMeasureValues(),
        syn: i % 7 === 0 ? null : ((i * 37) % 101) / 100,
        sem: ((i * 13) % 51) / 50,
      };
      fast.add(m, 5, 6);
      addPairToSums(slow, m, 5, 6);
    }
    const got = fast.toCorpusSums().map!;
    expect(got).toEqual(slow.map);
    expect(got.missing).toBe(Math.ceil(500 / 7));
    expect(got.cells.flat().reduce((a, b) => a + b, 0)).toBe(500 - got.missing);
  });
});

describe('SumsAccumulator reference counts', () => {
  it('counts the pairs bringing a score or a label of their own, as the one-by-one sums do', () => {
    const fast = new SumsAccumulator();
    const slow = emptyCorpusSums();
    for (let i = 0; i < 300; i++) {
      // a score on every 3rd pair (0 counts: it is a score), a label on every 4th (false counts too)
      const reference = { score: i % 3 === 0 ? i % 6 : null, isParaphrase: i % 4 === 0 ? i % 8 === 0 : null };
      fast.add(emptyMeasureValues(), 5, 6, reference);
      addPairToSums(slow, emptyMeasureValues(), 5, 6, reference);
    }
    fast.add(emptyMeasureValues(), 5, 6); // a pair without either
    addPairToSums(slow, emptyMeasureValues(), 5, 6);
    expect(fast.toCorpusSums().references).toEqual({ scores: 100, labels: 75 });
    expect(slow.references).toEqual({ scores: 100, labels: 75 });
  });
});
