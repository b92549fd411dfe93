import { describe, expect, it } from 'vitest';
import { describeSample, readSamplingRecord, sortStrata, stratumEdges, stratumLabel } from './describe-sample';

// The record lib/db/campaigns/sampling.ts stores: the plan, then the outcome of the draw.
const stored = {
  request: { strategy: 'stratified', perBin: 20, measure: 'delta', seed: 7, filters: { length: [10, 30] } },
  corpora: ['wikipedia-ipc-gold'],
  strategy: 'stratified',
  size: null,
  perBin: 20,
  stratify: { kind: 'measure', measure: 'delta', bins: 5 },
  seed: '7',
  filters: { length: [10, 30], tiers: null, textTypes: ['CAPTION'], measures: [{ measure: 'st', min: 0.8, max: null }] },
  filtered: 1200,
  candidates: 1150,
  missingMeasure: 50,
  items: 100,
  range: {
    min: -0.2,
    max: 0.8,
    edges: [
      [-0.2, 0],
      [0, 0.2],
      [0.2, 0.4],
      [0.4, 0.6],
      [0.6, 0.8],
    ],
  },
  strata: { 'delta:10': { available: 1, drawn: 1 }, 'delta:2': { available: 400, drawn: 20 } },
};

describe('describeSample', () => {
  it('says how the items were drawn', () => {
    expect(describeSample(readSamplingRecord(stored))).toEqual([
      'Stratified by Δsem,syn: 5 equal-width bins over [-0.200, 0.800], up to 20 pairs per bin.',
      'Seed 7 (the same request with this seed draws the same pairs in the same order).',
      'Filters: each text 10-30 words; text type caption; ST ≥ 0.8.',
      '1,200 pairs passed the filters (50 without the measure); 100 were drawn.',
    ]);
  });

  it('reads a missing or malformed record without failing', () => {
    const r = readSamplingRecord({ strategy: 'random', size: 'x', strata: 5 });
    expect(r).toMatchObject({ strategy: 'random', size: null, strata: {}, range: null, seed: null });
    expect(describeSample(readSamplingRecord(null))).toEqual(['No filters.']);
  });
});

describe('strata', () => {
  it('names bins from 1 and map cells by axis', () => {
    expect(stratumLabel('delta:2', 5)).toBe('Δsem,syn bin 3 of 5');
    expect(stratumLabel('cell:3,4')).toBe('syn 3 · sem 4');
    expect(stratumLabel('odd')).toBe('odd');
  });

  it('sorts naturally and finds bin edges', () => {
    expect(sortStrata(Object.entries(stored.strata)).map(([k]) => k)).toEqual(['delta:2', 'delta:10']);
    expect(stratumEdges('delta:1', readSamplingRecord(stored))).toEqual([0, 0.2]);
    expect(stratumEdges('cell:1,1', readSamplingRecord(stored))).toBeNull();
  });
});
