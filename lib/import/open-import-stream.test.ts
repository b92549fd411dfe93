import { describe, expect, it } from 'vitest';
import { openImportStream } from './open-import-stream';
import { bytesOf, encodeUtf16, importText, readableOf, streamOf } from './test-support';
import { ImportSetupError } from './types';

// One small sample per format, in the layouts of docs/import-formats.md (Wikipedia-IPC:
// docs/sources.md#ipc-pair-format); detection must pick the format from content (file names
// are neutral here).
const SAMPLES: Record<string, string> = {
  'wikipedia-ipc': JSON.stringify({
    id: 1,
    'cluster-id': 1,
    image: 'File:A.jpg',
    first: { 'caption-text': 'a' },
    second: { 'caption-text': 'b' },
    similarities: {},
  }),
  'wikipedia-ipc-set': JSON.stringify({
    id: 1,
    cluster_id: 1,
    image_url: 'File:A.jpg',
    paraphrase: [{ content: 'a' }, { content: 'b' }],
  }),
  msrpc: '\uFEFFQuality\t#1 ID\t#2 ID\t#1 String\t#2 String\r\n1\t1\t2\ta\tb\r\n',
  sick: 'pair_ID\tsentence_A\tsentence_B\trelatedness_score\tentailment_judgment\n1\ta\tb\t3\tNEUTRAL\n',
  stsb: 'main-news\theadlines\t2013\t0001\t3.2\ta\tb\n',
  paws: 'id\tsentence1\tsentence2\tlabel\r\n1\ta\tb\t1\r\n',
  pit2015: '4\tTopic\ta\tb\t(3, 2)\ta/O/DT/B-NP/O\tb/O/DT/B-NP/O\n',
  'twitter-url': 'a \tb \t(2,6)\thttps://t.co/x\r\n',
  multipit: 'sentence1,sentence2,label\n"a, x",b,1\n',
  'multipit-nmr': '{"source": ["r1", "r2"]}',
  tapaco: '1\t1\tA.\t\t\n1\t2\tB.\t\t\n',
  csv: 'sentence1,sentence2,gold\na,b,1\n',
  tsv: 'text_a\ttext_b\na\tb\n',
  jsonl: '{"sentence1": "a", "sentence2": "b"}\n',
};

describe('openImportStream: detection', () => {
  it.each(Object.entries(SAMPLES))('detects %s from content and reads it without errors', async (format, text) => {
    const result = await importText(text, { fileName: 'upload.dat' });
    expect(result.format).toBe(format);
    expect(result.errors).toEqual([]);
    expect(result.records.length).toBeGreaterThan(0);
  });

  it('lets an explicit format override detection', async () => {
    const result = await importText(SAMPLES.paws ?? '', {
      fileName: 'dev.tsv',
      format: 'tsv',
      map: 'a=sentence1,b=sentence2,id=id,label=label',
    });
    expect(result.format).toBe('tsv');
    expect(result.records[0]).toMatchObject({ originalId: '1', referenceLabel: '1', metadata: {} });
  });

  it('restricts detection to the generic formats when a mapping is given', async () => {
    const result = await importText(SAMPLES.multipit ?? '', { fileName: 'train.csv', map: 'a=sentence2,b=sentence1' });
    expect(result.format).toBe('csv');
    expect(result.records[0]).toMatchObject({ a: { text: 'b' }, b: { text: 'a, x' }, metadata: { label: '1' } });
  });

  it('lists the other formats that fit, best first, for a format picker', async () => {
    const stream = await openImportStream(streamOf(SAMPLES.paws ?? ''), { fileName: 'dev.tsv' });
    expect(stream.candidates.map((c) => c.format)).toEqual(['paws', 'tsv']);
    expect(stream.candidates[0]?.confidence).toBe(1);
    await stream.close();
  });

  it('throws setup errors before reading: unknown format, mapping on a corpus format, undetectable file, files without pairs', async () => {
    await expect(openImportStream(streamOf('x'), { fileName: 'a', format: 'xml' })).rejects.toThrow(/unknown format "xml"/);
    await expect(openImportStream(streamOf('x'), { fileName: 'a', format: 'msrpc', map: 'a=1,b=2' })).rejects.toThrow(
      /only applies to the formats csv, tsv, jsonl/,
    );
    await expect(openImportStream(streamOf('just some prose'), { fileName: 'notes' })).rejects.toThrow(ImportSetupError);
    await expect(openImportStream(streamOf('----\t0.6000\nfalse\t0.4000\n'), { fileName: 'test.label' })).rejects.toThrow(
      /PIT-2015 test.label/,
    );
  });
});

describe('openImportStream: reading', () => {
  it('accepts a Node Readable and counts the bytes it consumed', async () => {
    const text = SAMPLES.msrpc ?? '';
    const stream = await openImportStream(readableOf(text), { fileName: 'msr.txt' });
    let n = 0;
    for await (const item of stream.items) if (item.ok) n++;
    expect(n).toBe(1);
    expect(stream.bytesRead()).toBe(bytesOf(text).length);
    expect(stream.encoding).toBe('utf-8');
  });

  it('decodes a UTF-16 LE file with BOM end to end (paraphrases-in-interviews ANON_*.tsv encoding)', async () => {
    const text = 'QID\tguest\thost\r\nCNN-1\tWir sind groß\tWe are tall\r\n';
    const stream = await openImportStream(streamOf(encodeUtf16(text, 'le'), 7), {
      fileName: 'ANON.tsv',
      format: 'tsv',
      map: 'a=guest,b=host,id=QID',
    });
    expect(stream.encoding).toBe('utf-16le');
    const items = [];
    for await (const item of stream.items) items.push(item);
    expect(items).toEqual([
      {
        ok: true,
        record: {
          lineNumber: 2,
          a: { text: 'Wir sind groß', type: 'sentence' },
          b: { text: 'We are tall', type: 'sentence' },
          originalId: 'CNN-1',
          metadata: {},
          similarities: {},
        },
      },
    ]);
  });

  it('hands out the same items in batches, and only once', async () => {
    const text = Array.from({ length: 5000 }, (_, i) => `${i}\ta${i}\tb${i}\t${i % 2}`).join('\n');
    const stream = await openImportStream(streamOf(text, 4096), { fileName: 'paws.tsv', format: 'paws' });
    let total = 0;
    let batches = 0;
    for await (const batch of stream.batches) {
      batches++;
      total += batch.length;
    }
    expect(total).toBe(5000);
    expect(batches).toBeGreaterThan(1);
    await expect(async () => {
      for await (const item of stream.items) void item;
    }).rejects.toThrow(/read only once/);
  });

  it('stops after a fatal error', async () => {
    const result = await importText('x,y\n1,2\n3,4\n', { fileName: 'x.csv' });
    expect(result.items).toHaveLength(1);
    expect(result.errors[0]?.fatal).toBe(true);
  });

  it('close() releases a source that is never read', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<Uint8Array> {
      try {
        for (let i = 0; i < 100; i++) {
          await Promise.resolve();
          yield bytesOf(`${i}\ta\tb\t1\n`.repeat(1000));
        }
      } finally {
        closed = true;
      }
    }
    const stream = await openImportStream(source(), { fileName: 'p.tsv' });
    expect(stream.format).toBe('paws');
    await stream.close();
    expect(closed).toBe(true);
  });

  it('closes the source when the reader stops early', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<Uint8Array> {
      try {
        for (let i = 0; i < 1000; i++) {
          await Promise.resolve();
          yield bytesOf(`${i}\ta\tb\t1\n`.repeat(100));
        }
      } finally {
        closed = true;
      }
    }
    const stream = await openImportStream(source(), { fileName: 'p.tsv', format: 'paws' });
    for await (const item of stream.items) if (item.ok) break;
    expect(closed).toBe(true);
  });
});
