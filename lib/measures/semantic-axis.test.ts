import { describe, expect, it } from 'vitest';
import { describeSemanticAxis } from '@/lib/measures/semantic-axis';

const all = ['wms', 'bertscore', 'st', 'wmsGlove', 'gloveCosine', 'wordnet'];

describe('describeSemanticAxis', () => {
  it('names the paper measures when every pair has them', () => {
    expect(
      describeSemanticAxis(all, { wms: 100, bertscore: 100, st: 100, wmsGlove: 100, gloveCosine: 100, wordnet: 100 }, 100),
    ).toMatchObject({
      main: ['wms', 'bertscore', 'st'],
      fallback: null,
      measures: ['wms', 'bertscore', 'st'],
      label: 'WMS, BERTScore, ST',
      formula: 'sem = mean of WMS, BERTScore, ST',
    });
  });

  it('says so when WordNet is the whole axis', () => {
    expect(describeSemanticAxis(all, { wordnet: 300 }, 300)).toMatchObject({
      main: [],
      fallback: 'wordnet',
      fallbackPairs: { min: 300, max: 300 },
      label: 'WordNet (no paper measure)',
    });
  });

  it('names the GloVe pair, not WordNet, when both are there and no paper measure is', () => {
    expect(describeSemanticAxis(all, { wmsGlove: 300, gloveCosine: 300, wordnet: 300 }, 300)).toMatchObject({
      fallback: 'wmsGlove',
      measures: ['wmsGlove', 'gloveCosine'],
      formula: 'sem = mean of WMS (GloVe), GloVe cosine (no paper measure)',
    });
  });

  it('counts the pairs a stand-in forms sem for, as a range when the summary cannot tell exactly', () => {
    expect(describeSemanticAxis(all, { st: 80, wordnet: 100 }, 100).label).toBe('ST; WordNet for 20 pairs');
    expect(describeSemanticAxis(all, { st: 80, wms: 50, wordnet: 100 }, 100)).toMatchObject({
      fallbackPairs: { min: 0, max: 20 },
      label: 'WMS, ST; WordNet for 0–20 pairs',
    });
    expect(describeSemanticAxis(all, { st: 60, gloveCosine: 90, wordnet: 100 }, 100)).toMatchObject({
      label: 'ST; GloVe cosine for 30–40 pairs; WordNet for 0–10 pairs',
      fallbackPairs: { min: 40, max: 40 },
    });
  });

  it('leaves out measures outside the set and reports an empty axis', () => {
    expect(describeSemanticAxis(['st'], { st: 10, wordnet: 10 }, 10).label).toBe('ST');
    expect(describeSemanticAxis(all, {}, 0)).toMatchObject({
      label: 'none (no semantic measure yet)',
      formula: 'sem: no semantic measure yet',
      measures: [],
    });
  });
});
