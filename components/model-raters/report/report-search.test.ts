import { describe, expect, it } from 'vitest';
import { cellPairsHref, epsilonOf, reportSearch, strataOf } from './report-search';

describe('the report settings in the URL', () => {
  it('defaults to the experts’ ε, no strata and the Wilcoxon rule', () => {
    const search = reportSearch.parse({});
    expect(search).toMatchObject({ epsilon: '0.2', by: 'none', smallSample: 'wilcoxon', fdr: 'per-stratum' });
    expect(epsilonOf(search)).toBe(0.2);
    expect(strataOf(search)).toBeUndefined();
  });

  it('takes a custom ε only when chosen, and an empty box is no value (not 0)', () => {
    expect(epsilonOf(reportSearch.parse({ epsilon: 'custom', custom: '0.05' }))).toBe(0.05);
    expect(reportSearch.parse({ epsilon: '0.15', custom: '' }).custom).toBeUndefined();
    expect(epsilonOf(reportSearch.parse({ epsilon: 'custom', custom: '' }))).toBe(0.2);
    expect(epsilonOf(reportSearch.parse({ epsilon: '0.1', custom: '0.05' }))).toBe(0.1);
  });

  it('falls back on the defaults for values it does not know', () => {
    const search = reportSearch.parse({ epsilon: '7', by: 'moon', smallSample: 'maybe', custom: '3' });
    expect(search).toMatchObject({ epsilon: '0.2', by: 'none', smallSample: 'wilcoxon' });
    expect(search.custom).toBeUndefined();
  });

  it('asks the API for corpus, cell or decile:MEASURE strata; deciles need a measure', () => {
    expect(strataOf(reportSearch.parse({ by: 'corpus' }))).toBe('corpus');
    expect(strataOf(reportSearch.parse({ by: 'cell' }))).toBe('cell');
    expect(strataOf(reportSearch.parse({ by: 'decile', measure: 'u.judge2_semantic' }))).toBe('decile:u.judge2_semantic');
    expect(strataOf(reportSearch.parse({ by: 'decile' }))).toBeUndefined();
  });

  it('links a cell to its pairs with what the cell is', () => {
    const href = cellPairsHref('/campaigns/s/model-runs/3', {
      kind: 'final',
      question: 'paraphraseLoose',
      row: 'yes',
      column: 'no',
      n: 4,
      ids: [5, 9],
    });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/campaigns/s/model-runs/3/pairs');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      kind: 'final',
      row: 'yes',
      column: 'no',
      n: '4',
      ids: '5,9',
      question: 'paraphraseLoose',
    });
  });
});
