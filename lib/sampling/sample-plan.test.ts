import { describe, expect, it } from 'vitest';
import { planSample } from './sample-plan';

const seed = () => '99';

describe('planSample', () => {
  it('normalises a stratified request by a measure, with the default five bins', () => {
    const result = planSample(
      {
        strategy: 'stratified',
        perBin: 20,
        measure: 'delta',
        filters: { length: [10, 30], tier: ['gold', 'silver'], captionType: ['caption'] },
      },
      seed,
    );
    expect(result).toEqual({
      ok: true,
      plan: {
        strategy: 'stratified',
        size: null,
        perBin: 20,
        stratify: { kind: 'measure', measure: 'delta', bins: 5, binning: 'width' },
        perCorpus: false,
        seed: '99',
        filters: { length: [10, 30], tiers: ['GOLD', 'SILVER'], textTypes: ['CAPTION'], measures: [] },
      },
    });
  });

  it('draws per corpus only for random and stratified samples, and bins by count only for a measure', () => {
    const perCorpus = planSample(
      { strategy: 'stratified', perBin: 20, measure: 'delta', perCorpus: true, binning: 'quantile' },
      seed,
    );
    expect(perCorpus.ok && perCorpus.plan).toMatchObject({ perCorpus: true, stratify: { binning: 'quantile' } });
    const fieldsOf = (request: Parameters<typeof planSample>[0]) => {
      const result = planSample(request, seed);
      return result.ok ? {} : result.fields;
    };
    expect(fieldsOf({ strategy: 'all', perCorpus: true })['sample.perCorpus']).toMatch(/random and stratified/);
    expect(fieldsOf({ strategy: 'stratified', perBin: 2, measure: 'cell', binning: 'quantile' })['sample.binning']).toMatch(
      /stratifying by a measure/,
    );
    expect(fieldsOf({ strategy: 'random', size: 3, binning: 'width' })['sample.binning']).toMatch(/stratifying by a measure/);
  });

  it('keeps a given seed (numbers become strings, so 7 and "7" draw alike)', () => {
    const result = planSample({ strategy: 'all', seed: 7 }, seed);
    expect(result.ok && result.plan.seed).toBe('7');
  });

  it('names what each strategy is missing or does not use', () => {
    expect(planSample({ strategy: 'random' }, seed)).toEqual({
      ok: false,
      fields: { 'sample.size': 'a random sample needs a size' },
    });
    const stratified = planSample({ strategy: 'stratified' }, seed);
    expect(stratified.ok).toBe(false);
    expect(!stratified.ok && Object.keys(stratified.fields).sort()).toEqual(['sample.measure', 'sample.perBin']);
    const all = planSample({ strategy: 'all', size: 3, perBin: 2 }, seed);
    expect(!all.ok && Object.keys(all.fields).sort()).toEqual(['sample.perBin', 'sample.size']);
    const cell = planSample({ strategy: 'stratified', perBin: 1, measure: 'cell', bins: 4 }, seed);
    expect(!cell.ok && cell.fields['sample.bins']).toMatch(/5 × 5/);
    expect(planSample({ strategy: 'stratified', perBin: 1, measure: 'nope' }, seed)).toEqual({
      ok: false,
      fields: { 'sample.measure': 'is not a measure: nope' },
    });
  });

  it('rejects ranges the wrong way round', () => {
    const result = planSample(
      { strategy: 'all', filters: { length: [30, 10], measures: { st: [0.9, 0.8], bleu: [null, 0.5] } } },
      seed,
    );
    expect(!result.ok && result.fields).toEqual({
      'sample.filters.length': 'the minimum (30) is above the maximum (10)',
      'sample.filters.measures.st': 'the minimum (0.9) is above the maximum (0.8)',
    });
  });
});
