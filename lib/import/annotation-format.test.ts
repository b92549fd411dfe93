import { extname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { annotationFormatOf } from './annotation-format';

describe('annotationFormatOf', () => {
  it('reads the extension as path.extname does (case aside), so the browser and the CLI agree', () => {
    const names = [
      'gold.csv',
      'GOLD.TSV',
      'a/b.tab',
      'x.jsonl',
      'x.NDJSON',
      'data.csv.gz',
      '.csv',
      'noext',
      'dir.csv/file',
      'C:\\files\\gold.tsv',
      'a.b.jsonl',
    ];
    expect(names.map(annotationFormatOf)).toEqual([
      'csv',
      'tsv',
      'tsv',
      'jsonl',
      'jsonl',
      null,
      null,
      null,
      null,
      'tsv',
      'jsonl',
    ]);
    for (const name of names.filter((n) => !n.includes('\\'))) {
      const ext = extname(name).toLowerCase();
      expect(annotationFormatOf(name) !== null, name).toBe(['.csv', '.tsv', '.tab', '.jsonl', '.ndjson'].includes(ext));
    }
  });
});
