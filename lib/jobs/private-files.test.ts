import { describe, expect, it } from 'vitest';
import { jobFolderShown } from './private-files';

describe('jobFolderShown', () => {
  it('names the folder by the setting that holds it, never by the server path', () => {
    expect(jobFolderShown('exports', { PARALENS_HOME: '/srv/paralens' } as unknown as NodeJS.ProcessEnv)).toBe(
      'the exports folder (PARALENS_HOME/exports)',
    );
    expect(
      jobFolderShown('rejects', {
        PARALENS_HOME: '/srv/paralens',
        PARALENS_SHARED_DIR: '/mnt/paralens',
      } as unknown as NodeJS.ProcessEnv),
    ).toBe('the rejects folder (PARALENS_SHARED_DIR/rejects)');
  });
});
