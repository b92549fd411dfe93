import { describe, expect, it } from 'vitest';
import { exportFileName, parseParts, readStoredOptions } from './export-options';
import { csvHeader, planExportFields } from './fields';

describe('export parts', () => {
  it('default to everything that applies; campaign parts need a campaign', () => {
    expect(parseParts(undefined, false)).toEqual(['texts', 'measures']);
    expect(parseParts('', true)).toEqual(['texts', 'measures', 'raw', 'aggregated', 'agreement', 'models']);
    expect(parseParts('models', false)).toBe('models need a campaign (export with --campaign)');
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

describe('the models part', () => {
  const questions = [
    { key: 'semantic', type: 'likert', label: 'Semantic' },
    { key: 'paraphraseLoose', type: 'boolean', label: 'Loose' },
    { key: 'rationale', type: 'text', label: 'Rationale' },
  ] as const;
  const run = {
    id: 7,
    rater: 'model:m@prompt-v2',
    model: 'm',
    endpoint: 'local',
    temperature: 0.7,
    samples: 5,
    promptHash: 'ab'.repeat(32),
    questions: [questions[0], questions[1], questions[2]],
  };
  it('gives each run its answer and vote share per question asked, the expected rating for Likert, nothing for free text', () => {
    const fields = planExportFields(['models'], questions, [], [run]).filter((f) => f.part === 'models');
    expect(fields.map((f) => [f.name, f.type])).toEqual([
      ['model_7_semantic', 'integer'],
      ['model_7_semantic_confidence', 'number'],
      ['model_7_semantic_expected', 'number'],
      ['model_7_paraphraseLoose', 'boolean'],
      ['model_7_paraphraseLoose_confidence', 'number'],
    ]);
    expect(fields[0]!.description).toContain('model:m@prompt-v2');
    expect(fields[0]!.description).toContain('5 samples');
  });
  it('leaves the runs out without the part', () => {
    expect(planExportFields(['aggregated'], questions, [], [run]).some((f) => f.part === 'models')).toBe(false);
  });
});
