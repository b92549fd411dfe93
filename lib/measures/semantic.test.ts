/**
 * sem and delta. Worked examples: EACL 2023 paper, Table 5 (WMS, BERT, ST -> sem and
 * delta_sem,syn, two decimals), using the syntactic values computed by computeMeasures.
 */
import { describe, expect, it } from 'vitest';
import { computeMeasures } from '@/lib/measures/measures';
import { summarizeSimilarity } from '@/lib/measures/semantic';

const round2 = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);

describe('summarizeSimilarity', () => {
  it.each([
    [
      'An Easter postcard from 1907 depicting a rabbit.',
      'A 1907 postcard featuring the Easter Bunny.',
      [0.76, 0.76, 0.9],
      0.81,
      0.54,
    ],
    [
      'Twelfth century illustration of a man digging.',
      'An English serf at work digging, c. 1170.',
      [0.51, 0.47, 0.83],
      0.6,
      0.48,
    ],
    [
      'Troops clearing rubble after the May air raid on Belfast.',
      'Soldiers clearing rubble after the May air raid on Belfast.',
      [0.92, 0.89, 0.98],
      0.93,
      0,
    ],
    [
      'System of a Down is composed of four Armenian-Americans.',
      'Dolmayan drumming with System of a Down in 2011.',
      [0.5, 0.07, 0.32],
      0.3,
      -0.09,
    ],
  ])('paper Table 5: %s -> sem %s, delta %s', (a, b, [wms, bertscore, st], sem, delta) => {
    const m = computeMeasures(a, b);
    const summary = summarizeSimilarity(m, { wms, bertscore, st });
    expect(round2(summary.sem)).toBe(sem);
    expect(Math.abs(round2(summary.delta) ?? NaN)).toBe(Math.abs(delta));
    expect(summary.semFrom).toEqual(['wms', 'bertscore', 'st']);
    expect(summary.synFrom).toEqual(['rouge1', 'rougeL', 'bleu']);
  });

  it('averages only the measures present, clips BERTScore and ST unless told not to', () => {
    const parts = { rouge1: 0.5, rougeL: 0.4, bleu: 0.3 };
    const summary = summarizeSimilarity(parts, { bertscore: -0.2, st: 1.3 });
    expect(summary).toMatchObject({ synFrom: ['rouge1', 'rougeL', 'bleu'], sem: 0.5, semFrom: ['bertscore', 'st'] });
    expect(summary.syn).toBeCloseTo(0.4, 15);
    expect(summary.delta).toBeCloseTo(0.1, 15);
    expect(summarizeSimilarity(parts, { bertscore: -0.2, st: 1.3 }, { clip: false }).sem).toBeCloseTo(0.55, 15);
    expect(summarizeSimilarity(parts, { wms: 0.8, st: Number.NaN }).semFrom).toEqual(['wms']);
  });

  it('sem and delta are null without semantic measures; delta is null when syn is', () => {
    expect(summarizeSimilarity({ rouge1: 0.5, rougeL: 0.4, bleu: 0.3 }, {})).toMatchObject({
      sem: null,
      semFrom: [],
      delta: null,
    });
    expect(summarizeSimilarity({ rouge1: 0.5, rougeL: 0.4, bleu: null }, { st: 0.9 })).toMatchObject({
      syn: null,
      synFrom: [],
      sem: 0.9,
      delta: null,
    });
  });

  it('uses WordNet only when no paper measure of the set is present, and says so', () => {
    const parts = { rouge1: 0.5, rougeL: 0.4, bleu: 0.3 };
    expect(summarizeSimilarity(parts, { wordnet: 0.7 })).toMatchObject({ sem: 0.7, semFrom: ['wordnet'] });
    expect(summarizeSimilarity(parts, { wordnet: 0.7, st: 0.9 })).toMatchObject({ sem: 0.9, semFrom: ['st'] });
    // the corpus's set leaves ST out: WordNet stands in
    expect(summarizeSimilarity(parts, { wordnet: 0.7, st: 0.9 }, { include: ['wms', 'wordnet'] })).toMatchObject({
      sem: 0.7,
      semFrom: ['wordnet'],
    });
    expect(summarizeSimilarity(parts, { wordnet: 0.7 }, { include: ['wms', 'st'] })).toMatchObject({
      sem: null,
      semFrom: [],
      delta: null,
    });
  });

  it('uses the GloVe pair where no paper measure is present, and WordNet only where neither is', () => {
    const parts = { rouge1: 0.5, rougeL: 0.4, bleu: 0.3 };
    expect(summarizeSimilarity(parts, { wmsGlove: 0.8, gloveCosine: 0.6, wordnet: 0.1 })).toMatchObject({
      sem: 0.7,
      semFrom: ['wmsGlove', 'gloveCosine'],
    });
    expect(summarizeSimilarity(parts, { wmsGlove: 0.8, gloveCosine: 0.6, wordnet: 0.1, wms: 0.5 })).toMatchObject({
      sem: 0.5,
      semFrom: ['wms'],
    });
    expect(summarizeSimilarity(parts, { gloveCosine: 0.6, wordnet: 0.1 })).toMatchObject({ sem: 0.6, semFrom: ['gloveCosine'] });
    expect(summarizeSimilarity(parts, { gloveCosine: 0.6, wordnet: 0.1 }, { include: ['wordnet'] })).toMatchObject({
      sem: 0.1,
      semFrom: ['wordnet'],
    });
  });
});
