import { describe, expect, it } from 'vitest';
import { drawSampleReference, sampleOrderKey, type CandidatePair } from './reference-draw';
import { planSample, type SamplePlan, type SampleRequest } from './sample-plan';

function plan(request: SampleRequest): SamplePlan {
  const result = planSample(request, () => 'seed');
  if (!result.ok) throw new Error(JSON.stringify(result.fields));
  return result.plan;
}

const pairs: CandidatePair[] = Array.from({ length: 40 }, (_, i) => ({
  pairId: i + 1,
  corpus: i < 25 ? 'big' : 'small',
  tier: i % 2 === 0 ? 'GOLD' : 'SILVER',
  typeA: i % 3 === 0 ? 'ALT_TEXT' : 'CAPTION',
  typeB: i % 3 === 0 ? 'ALT_TEXT' : 'CAPTION',
  lengthA: 5 + i,
  lengthB: 8 + (i % 7),
  measures: {
    delta: i === 39 ? null : [-0.3, -0.2, -0.1, 0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6][i % 10]!,
    syn: (i % 5) / 4,
    sem: ((i * 7) % 11) / 10,
  },
}));

describe('sampleOrderKey', () => {
  it('is the md5 hex of "seed:pairId" (checked with Python hashlib.md5)', () => {
    expect(sampleOrderKey('42', 1)).toBe('590dd1ac9cf7cbada02b2915da269f69');
    expect(sampleOrderKey('42', 2)).toBe('77d58fd7432c3bbb773e0fcde8cbdeaa');
    expect(sampleOrderKey('7', 1)).toBe('6dd6c9f6fa7d73bb35d764d11d49ad65');
  });
});

describe('drawSampleReference', () => {
  it('draws all candidates in seeded order, the same each time, another order for another seed', () => {
    const a = drawSampleReference(pairs, plan({ strategy: 'all', seed: 1 }));
    const b = drawSampleReference(pairs, plan({ strategy: 'all', seed: 1 }));
    const c = drawSampleReference(pairs, plan({ strategy: 'all', seed: 2 }));
    expect(a.items).toHaveLength(40);
    expect(a.items).toEqual(b.items);
    expect(c.items.map((i) => i.pairId)).not.toEqual(a.items.map((i) => i.pairId));
    expect(new Set(a.items.map((i) => i.pairId)).size).toBe(40);
  });

  it('takes a random n as the first n of the full order', () => {
    const all = drawSampleReference(pairs, plan({ strategy: 'all', seed: 3 }));
    const some = drawSampleReference(pairs, plan({ strategy: 'random', size: 7, seed: 3 }));
    expect(some.items).toEqual(all.items.slice(0, 7));
  });

  it('applies every filter', () => {
    const draw = drawSampleReference(
      pairs,
      plan({
        strategy: 'all',
        filters: { length: [10, 30], tier: ['gold'], captionType: ['caption'], measures: { syn: [0.25, null] } },
      }),
    );
    const expected = pairs.filter(
      (p) =>
        p.lengthA >= 10 &&
        p.lengthA <= 30 &&
        p.lengthB >= 10 &&
        p.lengthB <= 30 &&
        p.tier === 'GOLD' &&
        p.typeA === 'CAPTION' &&
        p.measures.syn! >= 0.25,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(draw.items.map((i) => i.pairId).sort((x, y) => x - y)).toEqual(expected.map((p) => p.pairId));
  });

  it('takes k per bin of a measure over its range, leaving out pairs without it', () => {
    const draw = drawSampleReference(pairs, plan({ strategy: 'stratified', measure: 'delta', perBin: 3, bins: 5 }));
    expect(draw.range).toEqual({ min: -0.3, max: 0.6 });
    expect(draw.missingMeasure).toBe(1);
    expect(draw.candidates).toBe(39);
    // delta takes the values -0.3, -0.2, ..., 0.6 (four pairs each, three for 0.6); bins of width 0.18
    // from -0.3: {-0.3, -0.2}, {-0.1, 0}, {0.1, 0.2}, {0.3, 0.4}, {0.5, 0.6}
    expect(draw.strata).toEqual({
      'delta:0': { available: 8, drawn: 3 },
      'delta:1': { available: 8, drawn: 3 },
      'delta:2': { available: 8, drawn: 3 },
      'delta:3': { available: 8, drawn: 3 },
      'delta:4': { available: 7, drawn: 3 },
    });
    expect(draw.items).toHaveLength(15);
  });

  it('takes k per characteristic-map cell, and all of a cell that has fewer', () => {
    const draw = drawSampleReference(pairs, plan({ strategy: 'stratified', measure: 'cell', perBin: 2 }));
    for (const [cell, count] of Object.entries(draw.strata!)) {
      expect(cell).toMatch(/^cell:[0-4],[0-4]$/);
      expect(count.drawn).toBe(Math.min(2, count.available));
    }
    expect(draw.items.length).toBe(Object.values(draw.strata!).reduce((s, c) => s + c.drawn, 0));
  });

  it('per corpus: each corpus its own range and bins, perBin from every bin of every corpus', () => {
    const draw = drawSampleReference(
      pairs,
      plan({ strategy: 'stratified', measure: 'delta', bins: 3, perBin: 2, perCorpus: true }),
    );
    // pairs 1-25 are "big" (delta over [-0.3, 0.6]); 26-39 "small" with a value (40 has none)
    const expectBins = (corpus: string, ids: number[]) => {
      const values = ids.map((id) => pairs[id - 1]!.measures.delta!);
      const [min, max] = [Math.min(...values), Math.max(...values)];
      const counts = [0, 0, 0];
      for (const v of values) counts[Math.min(2, Math.floor(((v - min) / (max - min)) * 3))]! += 1;
      return counts.map((n, bin) => [`${corpus}/delta:${bin}`, { available: n, drawn: Math.min(n, 2) }]);
    };
    expect(draw.strata).toEqual(
      Object.fromEntries([
        ...expectBins(
          'big',
          Array.from({ length: 25 }, (_, i) => i + 1),
        ),
        ...expectBins(
          'small',
          Array.from({ length: 14 }, (_, i) => i + 26),
        ),
      ]),
    );
    expect(draw.items).toHaveLength(12);
    expect(draw.range).toBeNull();
    // a random quota per corpus: 5 from each
    const random = drawSampleReference(pairs, plan({ strategy: 'random', size: 5, perCorpus: true }));
    expect(random.strata).toEqual({ big: { available: 25, drawn: 5 }, small: { available: 15, drawn: 5 } });
  });

  it('equal-count bins are ntile groups of (value, pair id): 39 values in 4 bins give 10, 10, 10, 9', () => {
    const draw = drawSampleReference(
      pairs,
      plan({ strategy: 'stratified', measure: 'delta', bins: 4, perBin: 100, binning: 'quantile' }),
    );
    expect([0, 1, 2, 3].map((bin) => draw.strata![`delta:${bin}`]!.available)).toEqual([10, 10, 10, 9]);
    // bins follow the values: every value of bin k is at most every value of bin k + 1
    const ranges = [0, 1, 2, 3].map((bin) => draw.binRanges![`delta:${bin}`]!);
    for (let k = 1; k < ranges.length; k++) expect(ranges[k - 1]![1]).toBeLessThanOrEqual(ranges[k]![0]);
  });
});
