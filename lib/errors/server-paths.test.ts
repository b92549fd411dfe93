import { describe, expect, it } from 'vitest';
import { hideServerPaths } from './server-paths';

describe('hideServerPaths', () => {
  it('names a dump as the listing does, and any other absolute path by its last part', () => {
    const dumps = { path: '/srv/dumps', shownAs: '' };
    expect(hideServerPaths('/srv/dumps/2026-11/multi.xml.bz2 (bytes 0–1,024): lbzip2 could not decompress it', [dumps])).toBe(
      '2026-11/multi.xml.bz2 (bytes 0–1,024): lbzip2 could not decompress it',
    );
    expect(
      hideServerPaths("ENOENT: no such file or directory, mkdtemp '/home/p/.paralens/mining/run-5/paralens-spool-XXXXXX'"),
    ).toBe("ENOENT: no such file or directory, mkdtemp 'paralens-spool-XXXXXX'");
  });

  it('leaves words with slashes, URLs and byte counts alone', () => {
    const text = 'and/or https://dumps.wikimedia.org/enwiki/ 0/100 ~/notes';
    expect(hideServerPaths(text)).toBe(text);
  });
});
