import { describe, expect, it } from 'vitest';
import { readPairRecord } from '@/lib/import/formats/wikipedia-ipc';
import type { JsonObject } from '@/lib/import/types';
import { formatIpcRecord } from './ipc-record';

describe('formatIpcRecord', () => {
  const line = formatIpcRecord(
    {
      imageKey: 'File:Easter_postcard_1907.jpg',
      kind: 'c',
      titleA: 'Ēostre',
      textA: 'A 1907 postcard featuring the Easter Bunny.',
      titleB: 'Easter Bunny',
      textB: 'An Easter postcard from 1907 depicting a rabbit.',
    },
    3,
  );

  it('writes the original pipeline’s record, larger text first', () => {
    const record = JSON.parse(line) as JsonObject;
    expect(record).toMatchObject({
      'cluster-id': 3,
      image: 'https://commons.wikimedia.org/wiki/File%3AEaster_postcard_1907.jpg',
      first: {
        'caption-text': 'An Easter postcard from 1907 depicting a rabbit.',
        'caption-type': 'WIKI_TEXT',
        page: 'https://en.wikipedia.org/wiki/Easter_Bunny',
      },
      second: {
        'caption-text': 'A 1907 postcard featuring the Easter Bunny.',
        page: 'https://en.wikipedia.org/wiki/%C4%92ostre',
      },
      similarities: {},
    });
  });

  it('is read back by the Wikipedia-IPC importer with image key and article titles', () => {
    const record = readPairRecord(JSON.parse(line) as JsonObject, 1);
    if (typeof record === 'string') throw new Error(record);
    expect(record.image).toMatchObject({ key: 'File:Easter_postcard_1907.jpg' });
    expect([record.a.sourceTitle, record.b.sourceTitle]).toEqual(['Easter Bunny', 'Ēostre']);
    expect(record.a.type).toBe('caption');
  });
});
