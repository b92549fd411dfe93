import { describe, expect, it } from 'vitest';
import { importText } from '../test-support';

// Records follow the field names of ParaphraseWritable.serialize / wikipedia_ipc_parser.py as
// described in docs/sources.md#ipc-pair-format; the texts are made up.
const pair = (over: Record<string, unknown> = {}): string =>
  JSON.stringify({
    id: -123456789,
    'cluster-id': 42,
    image: 'https://commons.wikimedia.org/wiki/File%3AEaster_postcard_1907.jpg',
    first: {
      'caption-text': 'An Easter postcard from 1907',
      'caption-type': 'WIKI_TEXT',
      page: 'https://en.wikipedia.org/wiki/Easter_postcard',
    },
    second: {
      'caption-text': 'Postcard, circa 1907',
      'caption-type': 'WIKI_TEXT',
      page: 'https://en.wikipedia.org/wiki/Postcards_%28history%29',
    },
    similarities: {
      'rouge1-f1': 0.53,
      'rougel-f1': 0.13,
      bleu: 0.2,
      wms: 0.7,
      'bert-score-f1': 0.41,
      'sentence-transformer-cos-sim': 0.88,
      'rouge1-precision': 0.5,
    },
    ...over,
  });

describe('wikipedia-ipc pair format', () => {
  it('maps every field of a record', async () => {
    const { format, tier, records, errors } = await importText(pair() + '\n', { fileName: 'wikipedia-ipc-gold.jsonl' });
    expect(format).toBe('wikipedia-ipc');
    expect(tier).toBe('gold');
    expect(errors).toEqual([]);
    expect(records).toEqual([
      {
        lineNumber: 1,
        a: {
          text: 'An Easter postcard from 1907',
          type: 'caption',
          sourcePage: 'https://en.wikipedia.org/wiki/Easter_postcard',
          sourceTitle: 'Easter postcard',
        },
        b: {
          text: 'Postcard, circa 1907',
          type: 'caption',
          sourcePage: 'https://en.wikipedia.org/wiki/Postcards_%28history%29',
          sourceTitle: 'Postcards (history)',
        },
        originalId: '-123456789',
        clusterId: '42',
        image: {
          url: 'https://commons.wikimedia.org/wiki/File%3AEaster_postcard_1907.jpg',
          key: 'File:Easter_postcard_1907.jpg',
        },
        metadata: { otherSimilarities: { 'rouge1-precision': 0.5 } },
        similarities: { rouge1: 0.53, rougeL: 0.13, bleu: 0.2, wms: 0.7, bertscore: 0.41, st: 0.88 },
      },
    ]);
  });

  it('reads alt-text pairs, is_paraphrase / is-paraphrase, empty similarities and unknown keys', async () => {
    const alt = { 'caption-text': 'alt one', 'caption-type': 'WIKI_TEXT_ALT_TAG' };
    const text = [
      pair({ first: alt, second: { ...alt, 'caption-text': 'alt two' }, similarities: {}, is_paraphrase: true }),
      pair({ 'is-paraphrase': false, extra: { note: 'x' } }),
      pair({ similarities: { bleu: null, wms: 0.5 } }),
    ].join('\n');
    const { records, errors } = await importText(text, { fileName: 'pairs.jsonl' });
    expect(errors).toEqual([]);
    expect(records[0]).toMatchObject({
      a: { type: 'alt_text', text: 'alt one' },
      b: { type: 'alt_text' },
      isParaphrase: true,
      referenceLabel: 'true',
      similarities: {},
    });
    expect(records[0]?.a.sourcePage).toBeUndefined();
    expect(records[1]).toMatchObject({ isParaphrase: false, metadata: { extra: { note: 'x' } } });
    expect(records[2]?.similarities).toEqual({ wms: 0.5 });
  });

  it("reads Python's NaN scores as undefined instead of rejecting the line", async () => {
    const line = pair().replace('"bleu":0.2', '"bleu":NaN');
    const { records, errors } = await importText(line, { fileName: 'x.jsonl' });
    expect(errors).toEqual([]);
    expect(records[0]?.similarities.bleu).toBeUndefined();
  });

  it('reports each invalid line with its physical line number and raw text', async () => {
    const lines = [
      pair(),
      '',
      '{"id": 1, "first": ',
      '[1, 2]',
      pair({ first: { 'caption-text': '   ', 'caption-type': 'WIKI_TEXT' } }),
      pair({ second: 'text' }),
      pair({ first: { 'caption-text': 'x', 'caption-type': 'constructor' } }),
      pair({ second: { 'caption-text': 'y', 'caption-type': 'WIKI_TEXT_ALT_TAG' } }),
      pair({ image: '' }),
      pair({ similarities: { wms: 'high' } }),
      pair({ is_paraphrase: 'yes' }),
      pair(),
    ];
    const { records, errors } = await importText(lines.join('\r\n'), { fileName: 'x.jsonl' });
    expect(records.map((r) => r.lineNumber)).toEqual([1, 12]);
    expect(errors.map((e) => [e.lineNumber, e.message.replace(/: .*JSON.*/, ': <json>')])).toEqual([
      [3, 'invalid JSON: <json>'],
      [4, 'expected a JSON object, found an array'],
      [5, 'first.caption-text is empty'],
      [6, '"second" must be an object with "caption-text", found "text"'],
      [7, 'first.caption-type must be WIKI_TEXT or WIKI_TEXT_ALT_TAG, found "constructor"'],
      [8, 'first is caption but second is alt_text: a pair never mixes caption and alt text'],
      [9, 'image is missing or empty'],
      [10, 'similarities.wms must be a number, found "high"'],
      [11, 'is_paraphrase must be true or false, found "yes"'],
    ]);
    expect(errors[0]?.raw).toBe('{"id": 1, "first": ');
    expect(errors.every((e) => e.fatal === undefined)).toBe(true);
  });

  it('takes an explicit tier over the file name and validates it', async () => {
    expect((await importText(pair(), { fileName: 'wikipedia-ipc-gold.jsonl', tier: 'bronze' })).tier).toBe('bronze');
    expect((await importText(pair(), { fileName: 'sample.jsonl' })).tier).toBeUndefined();
    await expect(importText(pair(), { fileName: 'x.jsonl', tier: 'tin' })).rejects.toThrow(/unknown tier/);
  });
});

describe('wikipedia-ipc-set format (COLING 2024 reader, docs/sources.md#ipc-set-format)', () => {
  const set = (texts: unknown[], over: Record<string, unknown> = {}): string =>
    JSON.stringify({
      id: 7,
      cluster_id: 3,
      image_url: 'https://commons.wikimedia.org/wiki/File%3ABridge.jpg',
      paraphrase: texts,
      ...over,
    });
  const member = (content: unknown, page = 'https://en.wikipedia.org/wiki/Bridge'): unknown => ({ content, reference: page });

  it('expands a set into all i<j pairs in list order', async () => {
    const { format, records, errors } = await importText(
      set([member('one'), member('two', 'https://en.wikipedia.org/wiki/River'), member('three')]),
      {
        fileName: 'wikipedia-ipc-silver-sorted.jsonl',
      },
    );
    expect(format).toBe('wikipedia-ipc-set');
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.a.text, r.b.text])).toEqual([
      ['one', 'two'],
      ['one', 'three'],
      ['two', 'three'],
    ]);
    expect(records[0]).toMatchObject({
      lineNumber: 1,
      originalId: '7',
      clusterId: '3',
      image: { key: 'File:Bridge.jpg' },
      b: { sourceTitle: 'River', type: 'caption' },
      metadata: { setIndexA: 0, setIndexB: 1, setSize: 3 },
    });
  });

  it('rejects the whole line for a bad member or a set too small to pair', async () => {
    const { records, errors } = await importText(
      [set([member('a'), member('')]), set([member('only')]), set([member('x'), 5]), set([member('p'), member('q')])].join('\n'),
      {
        fileName: 'sets.jsonl',
      },
    );
    expect(records).toHaveLength(1);
    expect(errors.map((e) => [e.lineNumber, e.message])).toEqual([
      [1, 'paraphrase[1].content is empty'],
      [2, 'paraphrase set has 1 text; at least 2 are needed to form a pair'],
      [3, 'paraphrase[1] must be an object with "content", found 5'],
    ]);
  });
});
