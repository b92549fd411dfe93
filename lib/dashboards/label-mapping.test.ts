import { describe, expect, it } from 'vitest';
import { compareLabelSets } from './label-comparison';
import {
  withMapping,
  applyMapping,
  fittingPresets,
  formatMapping,
  mappedCategories,
  parseMapping,
  presetMapping,
  shareNoValue,
  sideToMap,
} from './label-mapping';

const RELATIONS = ['equivalence', 'forward', 'reverse', 'intersection', 'exclusion', 'negation'];
const NLI = ['CONTRADICTION', 'ENTAILMENT', 'NEUTRAL'];

describe('label mappings', () => {
  it("finds that the six relations and SICK's labels share no value, and the presets that fit", () => {
    expect(shareNoValue(RELATIONS, NLI)).toBe(true);
    expect(shareNoValue(['yes', 'no'], ['yes'])).toBe(false);
    expect(shareNoValue(['yes', 'no'], [])).toBe(false);
    expect(fittingPresets(RELATIONS, NLI)).toEqual(['relations-nli']);
    expect(fittingPresets(RELATIONS, ['yes', 'no'])).toEqual(['relations-paraphrase']);
    expect(fittingPresets(['yes', 'no'], NLI)).toEqual([]);
  });

  it('applies a preset to the side whose labels it maps', () => {
    expect(presetMapping('relations-nli', RELATIONS, NLI)?.mine.reverse).toBe('NEUTRAL');
    expect(presetMapping('relations-nli', NLI, RELATIONS)).toMatchObject({ mine: {}, other: { negation: 'CONTRADICTION' } });
    expect(presetMapping('relations-nli', ['yes'], NLI)).toBeNull();
    expect(mappedCategories(RELATIONS, presetMapping('relations-nli', RELATIONS, NLI)!.mine)).toEqual([
      'ENTAILMENT',
      'NEUTRAL',
      'CONTRADICTION',
    ]);
  });

  it('reads and writes the URL form, URI-encoding values', () => {
    const parsed = parseMapping('other:ENTAILMENT=yes;other:NEUTRAL=no;other:a%3Bb=no', ['yes', 'no'], NLI);
    expect(parsed).toEqual({ preset: null, mine: {}, other: { ENTAILMENT: 'yes', NEUTRAL: 'no', 'a;b': 'no' } });
    expect(formatMapping(parsed as never)).toBe('other:ENTAILMENT=yes;other:NEUTRAL=no;other:a%3Bb=no');
    expect(parseMapping('relations-nli', RELATIONS, NLI)).toMatchObject({ preset: 'relations-nli' });
    expect(formatMapping(presetMapping('relations-nli', RELATIONS, NLI)!)).toBe('relations-nli');
    expect(parseMapping('sideways', RELATIONS, NLI)).toMatchObject({
      error: expect.stringContaining('neither a preset') as string,
    });
    expect(parseMapping('relations-nli', ['yes'], ['no'])).toMatchObject({
      error: expect.stringContaining('neither side') as string,
    });
  });

  it('maps the finer side onto the coarser one', () => {
    expect(sideToMap(RELATIONS, NLI)).toBe('mine');
    expect(sideToMap(['yes', 'no'], NLI)).toBe('other');
  });

  it('compares the mapped counts: agreement and κ on the mapped labels, not 0 by construction', () => {
    const counts = [
      { mine: 'forward', other: 'ENTAILMENT', n: 2 },
      { mine: 'equivalence', other: 'ENTAILMENT', n: 1 },
      { mine: 'negation', other: 'CONTRADICTION', n: 2 },
      { mine: 'exclusion', other: 'CONTRADICTION', n: 1 },
      { mine: 'reverse', other: 'NEUTRAL', n: 1 },
      { mine: 'intersection', other: 'ENTAILMENT', n: 1 },
      { mine: 'forward', other: null, n: 4 },
    ];
    const unmapped = compareLabelSets(counts, RELATIONS);
    expect(unmapped.agreement).toBe(0);
    const mapping = presetMapping('relations-nli', RELATIONS, NLI)!;
    const mapped = applyMapping(counts, mapping);
    expect(mapped).toContainEqual({ mine: 'ENTAILMENT', other: 'ENTAILMENT', n: 3 });
    expect(mapped).toContainEqual({ mine: 'ENTAILMENT', other: null, n: 4 });
    const result = compareLabelSets(mapped, mappedCategories(RELATIONS, mapping.mine));
    expect(result.categories).toEqual(['ENTAILMENT', 'NEUTRAL', 'CONTRADICTION']);
    expect(result.matrix).toEqual([
      [3, 0, 0],
      [1, 1, 0],
      [0, 0, 3],
    ]);
    expect(result.n).toBe(8);
    expect(result.onlyThis).toBe(4);
    expect(result.agreement).toBeCloseTo(7 / 8, 12);
    // Cohen's kappa by hand: p_o = 7/8; rows 3/8, 2/8, 3/8; columns 4/8, 1/8, 3/8;
    // p_e = (12 + 2 + 9)/64 = 23/64; κ = (7/8 − 23/64)/(1 − 23/64) = 33/41.
    expect(result.kappa.value).toBeCloseTo(33 / 41, 12);
  });
});

describe('withMapping', () => {
  it("puts the mapping in the comparison URL's map parameter, replacing one there and dropping an empty one", () => {
    const href = '/dashboards/campaigns/demo/compare?question=relation&with=source';
    expect(withMapping(href, 'mine:forward=yes')).toBe(
      '/dashboards/campaigns/demo/compare?question=relation&with=source&map=mine%3Aforward%3Dyes',
    );
    expect(withMapping(`${href}&map=relations-nli`, 'relations-paraphrase')).toBe(`${href}&map=relations-paraphrase`);
    expect(withMapping(`${href}&map=relations-nli`, '')).toBe(href);
    expect(withMapping('/x', '')).toBe('/x');
  });
});
