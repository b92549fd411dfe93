import { describe, expect, it } from 'vitest';
import { describeMissingMeasures, expectedMeasures } from './measure-completion';

describe('the measures a corpus should have', () => {
  it('are those of its semantic set that the installation computes, with the pairs lacking each', () => {
    expect(
      expectedMeasures({
        semSet: ['wms', 'bertscore', 'st', 'wordnet'],
        computable: ['st', 'bertscore', 'wms', 'wmsGlove', 'gloveCosine'],
        pairs: 10,
        withValue: { st: 10, bertscore: 4, wordnet: 2 },
      }),
    ).toEqual([
      { measure: 'wms', missing: 10 },
      { measure: 'bertscore', missing: 6 },
      { measure: 'st', missing: 0 },
    ]);
  });

  it('are none when the installation computes nothing of the set', () => {
    expect(expectedMeasures({ semSet: ['st'], computable: ['wordnet'], pairs: 3, withValue: {} })).toEqual([]);
  });

  it('are described with counts, leaving out what is complete', () => {
    expect(describeMissingMeasures([{ measure: 'wordnet', missing: 5 }])).toBe('5 pairs lack WordNet');
    expect(describeMissingMeasures([{ measure: 'wordnet', missing: 1 }])).toBe('1 pair lacks WordNet');
    expect(
      describeMissingMeasures([
        { measure: 'st', missing: 1204 },
        { measure: 'bertscore', missing: 0 },
        { measure: 'wms', missing: 12 },
        { measure: 'wordnet', missing: 3 },
      ]),
    ).toBe('1,204 pairs lack ST, 12 lack WMS and 3 lack WordNet');
    expect(describeMissingMeasures([])).toBe('');
  });
});
