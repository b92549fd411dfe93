import { describe, expect, it } from 'vitest';
import { assembleDistributions, binEdges, orderGroups, renderDistributionsCsv, type DistributionRow } from './distributions';

const row = (group: string, measure: string, bins: Record<string, number> | null): DistributionRow => ({
  group,
  measure,
  n: 2,
  min: 0.1,
  q1: 0.2,
  median: 0.3,
  q3: 0.4,
  max: 0.9,
  whiskerLow: 0.1,
  whiskerHigh: 0.4,
  mean: 0.35,
  rangeLow: 0,
  rangeHigh: 1,
  bins,
});

describe('distributions by label, outside SQL', () => {
  it('bin edges end exactly on the top of the range', () => {
    expect(binEdges(0, 1, 4)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(binEdges(-0.3, 0.9, 3).at(-1)).toBe(0.9);
  });

  it("groups in the label's order, then the others alphabetically", () => {
    const groups = [
      { group: 'zeta', pairs: 1 },
      { group: 'no', pairs: 2 },
      { group: 'alpha', pairs: 3 },
      { group: 'yes', pairs: 4 },
    ];
    expect(orderGroups(groups, ['yes', 'no']).map((g) => g.group)).toEqual(['yes', 'no', 'alpha', 'zeta']);
  });

  it('measures in catalogue order, groups in order, histograms filled with zeros; measures without values left out', () => {
    const measures = [
      { key: 'bleu', label: 'BLEU' },
      { key: 'wms', label: 'WMS' },
      { key: 'syn', label: 'syn' },
    ];
    const d = assembleDistributions(
      'reference',
      measures,
      [row('no', 'syn', { 2: 1 }), row('yes', 'syn', { 1: 1, 4: 1 }), row('no', 'bleu', null)],
      [
        { group: 'yes', pairs: 2 },
        { group: 'no', pairs: 2 },
      ],
      3,
      4,
    );
    expect(d.measures.map((m) => m.measure)).toEqual(['bleu', 'syn']);
    expect(d.measures[1]!.groups.map((g) => [g.group, g.histogram])).toEqual([
      ['yes', [1, 0, 0, 1]],
      ['no', [0, 1, 0, 0]],
    ]);
    expect(d.measures[0]!.groups[0]!.histogram).toEqual([0, 0, 0, 0]);
    expect(d.unlabelled).toBe(3);
  });

  it('CSV: one line per measure, group and bin, text quoted', () => {
    const d = assembleDistributions(
      'label',
      [{ key: 'syn', label: 'syn' }],
      [row('=cmd', 'syn', { 1: 2 })],
      [{ group: '=cmd', pairs: 2 }],
      0,
      2,
    );
    expect(renderDistributionsCsv(d).trim().split('\n')).toEqual([
      'measure,group,n,min,q1,median,q3,max,whisker_low,whisker_high,mean,bin_low,bin_high,count',
      `"syn","'=cmd",2,0.1,0.2,0.3,0.4,0.9,0.1,0.4,0.35,0,0.5,2`,
      `"syn","'=cmd",2,0.1,0.2,0.3,0.4,0.9,0.1,0.4,0.35,0.5,1,0`,
    ]);
  });
});
