import { describe, expect, it } from 'vitest';
import { commonsPageUrl, commonsThumbnailUrl } from './commons';

describe('Commons links', () => {
  it('keeps a stored Commons URL and builds one from the key otherwise', () => {
    expect(commonsPageUrl({ key: 'File:X.jpg', url: 'https://commons.wikimedia.org/wiki/File%3AX.jpg' })).toBe(
      'https://commons.wikimedia.org/wiki/File%3AX.jpg',
    );
    expect(commonsPageUrl({ key: 'File:Tower Bridge & river?.jpg', url: null })).toBe(
      'https://commons.wikimedia.org/wiki/File:Tower_Bridge_%26_river%3F.jpg',
    );
    expect(commonsPageUrl({ key: 'opaque-key-123', url: 'https://example.org/x.jpg' })).toBeNull();
  });

  it('asks Special:FilePath for a thumbnail of the width wanted', () => {
    expect(commonsThumbnailUrl('File:A b.png', 200)).toBe(
      'https://commons.wikimedia.org/wiki/Special:FilePath/A_b.png?width=200',
    );
    expect(commonsThumbnailUrl('something else')).toBeNull();
  });
});
