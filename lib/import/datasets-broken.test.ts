/**
 * A deliberately broken copy of every reference file, built in memory by spoiling one line, must
 * fail on exactly that line (and only there) while every other record still reads.
 */
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { DATASET_FILES, DATASETS, type DatasetFile } from './dataset-files';
import { describeWithDatasets } from '@/lib/testing/shared-datasets';
import { importText } from './test-support';

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

async function readLinesOf(file: DatasetFile): Promise<string[]> {
  return decoder.decode(await readFile(DATASETS + file.path)).split('\n');
}

function withoutCr(line: string): [string, string] {
  return line.endsWith('\r') ? [line.slice(0, -1), '\r'] : [line, ''];
}

async function importLines(file: DatasetFile, lines: readonly string[]) {
  return importText(lines.join('\n'), {
    fileName: file.path.split('/').pop() ?? file.path,
    ...(file.map ? { map: file.map } : {}),
  });
}

describeWithDatasets('broken copies of the reference corpora fail on the spoiled line', () => {
  it.each(DATASET_FILES.map((f) => [f.path, f] as const))('%s', async (_path, file) => {
    const lines = await readLinesOf(file);
    const clean = await importLines(file, lines);
    expect(clean.records).toHaveLength(file.records);
    const broken = [...lines];
    let expectedLine: number;
    let lostRecords = 1;
    let message: RegExp;
    if (file.corrupt === 'fields') {
      expectedLine = clean.records[Math.floor(clean.records.length / 2)]?.lineNumber ?? 0;
      const [text, cr] = withoutCr(broken[expectedLine - 1] ?? '');
      broken[expectedLine - 1] = text.split('\t').slice(0, 3).join('\t') + cr;
      message = /^expected .* tab-separated fields, found 3$/;
    } else if (file.corrupt === 'csv') {
      expectedLine = clean.records[clean.records.length - 1]?.lineNumber ?? 0;
      let last = broken.length - 1;
      while (last > 0 && (broken[last] ?? '').trim() === '') last--;
      const [text, cr] = withoutCr(broken[last] ?? '');
      broken[last] = `${text},extra${cr}`;
      message = /^expected \d+ comma-separated fields, found \d+$/;
    } else {
      // Spoil the 100th source of the NMR object: a number among its references.
      expectedLine = 1;
      lostRecords = 8;
      const text = broken[0] ?? '';
      let at = -1;
      for (let n = 0; n < 100; n++) at = text.indexOf('": [', at + 1);
      broken[0] = `${text.slice(0, at + 4)}1, ${text.slice(at + 4)}`;
      message = /^reference 1 is not a string$/;
    }
    const result = await importLines(file, broken);
    expect(result.errors.map((e) => e.lineNumber)).toEqual([expectedLine]);
    expect(result.errors[0]?.message).toMatch(message);
    expect(result.errors[0]?.fatal).toBeUndefined();
    expect(result.records).toHaveLength(file.records - lostRecords);
  });

  it('a byte that is not UTF-8 is reported on its line (MSRPC train)', async () => {
    const bytes = await readFile(DATASETS + 'msrpc/msr_paraphrase_train.txt');
    let newlines = 0;
    let offset = 0;
    while (newlines < 1000) if (bytes[offset++] === 0x0a) newlines++;
    const spoiled = Buffer.concat([bytes.subarray(0, offset + 2), Buffer.from([0xff]), bytes.subarray(offset + 2)]);
    const result = await importText(spoiled, { fileName: 'msr_paraphrase_train.txt' });
    expect(result.errors.map((e) => [e.lineNumber, e.message])).toEqual([
      [1001, 'text is not valid in the file encoding (bytes that cannot be decoded; save the file as UTF-8)'],
    ]);
    expect(result.records).toHaveLength(4075);
  });
});
