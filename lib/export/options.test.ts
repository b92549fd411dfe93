import { describe, expect, it } from 'vitest';
import { exportFileName, parseParts, readStoredOptions } from './options';
import { csvHeader, planExportFields } from './fields';

describe('export parts', () => {
  it('default to everything that applies; campaign parts need a campaign', () => {
    expect(parseParts(undefined, false)).toEqual(['texts', 'measures']);
    expect(parseParts('', true)).toEqual(['texts', 'measures', 'raw', 'aggregated', 'agreement']);
    expect(parseParts('measures,texts,measures', false)).toEqual(['texts', 'measures']);
    expect(parseParts('raw', false)).toBe('raw need a campaign (export with --campaign)');
    expect(parseParts('texts,votes', true)).toMatch(/unknown part votes/);
  });
  it('stored options are read defensively', () => {
    expect(readStoredOptions({ include: ['raw', 'texts', 42] }, true)).toEqual({ include: ['texts', 'raw'] });
    expect(readStoredOptions(null, false)).toEqual({ include: ['texts', 'measures'] });
    expect(readStoredOptions({ include: ['raw'] }, false)).toEqual({ include: ['texts', 'measures'] });
  });
  it('file names are safe', () => {
    expect(exportFileName('paws/../dev set', 'jsonl')).toBe('paws-..-dev-set.jsonl');
    expect(exportFileName('study', 'hf')).toBe('study');
  });
});

describe('export fields', () => {
  const questions = [
    { key: 'semantic', type: 'likert', label: 'Semantic' },
    { key: 'relation', type: 'relation', label: 'Relation' },
    { key: 'rationale', type: 'text', label: 'Rationale' },
  ] as const;
  it('ids always; texts and measures as chosen; the CSV header is the field names', () => {
    expect(csvHeader(planExportFields([], null))).toBe('pair_id,corpus,original_id,cluster_id');
    const fields = planExportFields(['measures'], null).map((f) => f.name);
    expect(fields).toContain('delta');
    expect(fields).not.toContain('a');
  });
  it('Likert questions get a median and spread, others a majority with ties; text questions only raw answers', () => {
    const names = planExportFields(['raw', 'aggregated', 'agreement'], questions).map((f) => f.name);
    expect(names).toEqual([
      'pair_id',
      'corpus',
      'original_id',
      'cluster_id',
      'gold',
      'annotations',
      'semantic_n',
      'semantic_median',
      'semantic_final',
      'semantic_final_method',
      'semantic_final_median_rule',
      'semantic_unanimous',
      'semantic_spread',
      'relation_n',
      'relation_majority',
      'relation_tie',
      'relation_final',
      'relation_final_method',
      'relation_final_median_rule',
      'relation_unanimous',
    ]);
  });
});
