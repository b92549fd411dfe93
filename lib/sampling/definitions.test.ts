import { describe, expect, it } from 'vitest';
import {
  compareDefinitions,
  describeSem,
  describeSemParts,
  measuresUsedBy,
  readSampleDefinitions,
  recordedSemSets,
  redrawBlocker,
  type SampleDefinitions,
} from './definitions';

const filters = { length: null, tiers: null, textTypes: null, measures: [] };
const recorded: SampleDefinitions = {
  measures: ['delta'],
  usesSem: true,
  corpora: {
    sick: { tokenizer: 'rouge-score', semSet: ['wordnet'], semCandidates: { wordnet: 90, '': 10 }, semItems: { wordnet: 20 } },
    mix: {
      tokenizer: 'rouge-score',
      semSet: ['st', 'wordnet'],
      semCandidates: { st: 5, wordnet: 3 },
      semItems: { st: 2, wordnet: 1 },
    },
  },
};

describe('sample definitions', () => {
  it('names the measures a plan reads', () => {
    expect(measuresUsedBy({ stratify: { kind: 'cell' }, filters })).toEqual(['syn', 'sem']);
    expect(
      measuresUsedBy({
        stratify: { kind: 'measure', measure: 'delta', bins: 5, binning: 'width' },
        filters: { ...filters, measures: [{ measure: 'st', min: 0.8, max: null }] },
      }),
    ).toEqual(['delta', 'st']);
    expect(measuresUsedBy({ stratify: null, filters })).toEqual([]);
  });

  it("says what formed sem, in the catalogue's names", () => {
    expect(describeSemParts('wordnet')).toBe('mean of WordNet');
    expect(describeSemParts('wmsGlove,gloveCosine')).toBe('mean of WMS (GloVe) and GloVe cosine');
    expect(describeSemParts('wms,bertscore,st')).toBe('mean of WMS, BERTScore and ST');
    expect(describeSemParts('')).toBe('none (no semantic measure)');
    expect(describeSem({ st: 2, wordnet: 1 })).toBe('mean of ST (2 pairs); mean of WordNet (1 pair)');
    expect(describeSem({})).toBe('no pairs');
  });

  it("sees a changed sem, tokenizer or a corpus gone, and nothing when today's values are those drawn on", () => {
    const same = {
      sick: { tokenizer: 'rouge-score', semItems: { wordnet: 20 } },
      mix: { tokenizer: 'rouge-score', semItems: { st: 2, wordnet: 1 } },
    };
    expect(compareDefinitions(recorded, same)).toEqual([]);
    expect(
      compareDefinitions(recorded, {
        sick: { tokenizer: 'unicode+snowball-es', semItems: { wmsGlove: 0, 'wmsGlove,gloveCosine': 20 } },
      }),
    ).toEqual([
      { corpus: 'sick', what: 'tokenizer', then: 'rouge-score', now: 'unicode+snowball-es' },
      { corpus: 'sick', what: 'sem', then: 'mean of WordNet', now: 'mean of WMS (GloVe) and GloVe cosine' },
      { corpus: 'mix', what: 'corpus', then: 'there', now: 'gone' },
    ]);
    // a sample that did not read sem does not care how sem is formed
    expect(
      compareDefinitions({ ...recorded, usesSem: false }, { ...same, sick: { tokenizer: 'rouge-score', semItems: {} } }),
    ).toEqual([]);
  });

  it('draws again from the measures that formed sem for the candidates, unless a tokenizer changed or nothing was recorded', () => {
    expect(recordedSemSets(recorded)).toEqual({ sick: ['wordnet'], mix: ['st', 'wordnet'] });
    expect(redrawBlocker(recorded, { sick: { tokenizer: 'rouge-score' }, mix: { tokenizer: 'rouge-score' } })).toBeNull();
    expect(redrawBlocker(recorded, { sick: { tokenizer: 'rouge-score' } })).toBe('The corpus mix no longer exists.');
    expect(redrawBlocker(recorded, { sick: { tokenizer: 'x' }, mix: { tokenizer: 'rouge-score' } })).toMatch(
      /tokenizer rouge-score/,
    );
    expect(redrawBlocker(null, {})).toMatch(/before Paralens recorded/);
  });

  it('reads a stored record defensively', () => {
    expect(readSampleDefinitions(JSON.parse(JSON.stringify(recorded)))).toEqual(recorded);
    expect(readSampleDefinitions(undefined)).toBeNull();
    expect(
      readSampleDefinitions({ measures: ['sem'], corpora: { c: { semSet: ['nope', 'st'], semItems: { st: 'x' } } } }),
    ).toEqual({
      measures: ['sem'],
      usesSem: false,
      corpora: { c: { tokenizer: null, semSet: ['st'], semCandidates: {}, semItems: {} } },
    });
  });
});
