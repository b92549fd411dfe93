import { describe, expect, it } from 'vitest';
import { PAPER_TABLE_3, parseFunnel, relativeChange } from './funnel';

describe('Table 3 reference series', () => {
  it('reproduces the paper’s μimg and Δ columns from its counts', () => {
    // Gohsen et al. (EACL 2023) Table 3: μimg 1.64, 4.05, 2.71, 2.10, 1.90, 1.32, 2.36, 2.31, 2.30, 2.32
    expect(PAPER_TABLE_3.map((r) => r.meanRefs!.toFixed(2))).toEqual([
      '1.64',
      '4.05',
      '2.71',
      '2.10',
      '1.90',
      '1.32',
      '2.36',
      '2.31',
      '2.30',
      '2.32',
    ]);
    // Δ images: –, -79%, -2%, -22%, -27%, -81%, -76%, -2%, -16%, -9%
    const deltas = PAPER_TABLE_3.map((r, i) => relativeChange(PAPER_TABLE_3[i - 1]?.images, r.images));
    expect(deltas.map((d) => (d === null ? null : Math.round(d * 100)))).toEqual([
      null,
      -79,
      -2,
      -22,
      -27,
      -81,
      -76,
      -2,
      -16,
      -9,
    ]);
    expect(PAPER_TABLE_3[9]!.pairs).toBe(30237);
  });

  it('parses stored funnels defensively', () => {
    expect(parseFunnel(null)).toEqual([]);
    expect(parseFunnel([{ step: 0, images: 1 }, 'x'])).toEqual([{ step: 0, images: 1 }]);
  });
});
