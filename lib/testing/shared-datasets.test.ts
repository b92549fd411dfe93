import { describe, expect, it } from 'vitest';
import { datasetDecision, sharedDatasetPath } from './shared-datasets';

describe('tests that need ../shared/datasets', () => {
  const absent = () => false;
  const present = () => true;
  it('run when the files are there', () => {
    expect(datasetDecision(['paws/dev.tsv'], {}, present)).toEqual({ action: 'run', missing: [] });
  });
  it('are skipped with the missing paths named outside CI, and fail under CI', () => {
    expect(datasetDecision(['paws/dev.tsv'], {}, absent)).toEqual({
      action: 'skip',
      missing: [sharedDatasetPath('paws/dev.tsv')],
    });
    expect(datasetDecision(['paws/dev.tsv'], { CI: 'true' }, absent).action).toBe('fail');
    expect(datasetDecision(['paws/dev.tsv'], { CI: '1' }, absent).action).toBe('fail');
    expect(datasetDecision(['paws/dev.tsv'], { CI: 'false' }, absent).action).toBe('skip');
  });
});
