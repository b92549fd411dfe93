import { describe, expect, it } from 'vitest';
import { getImportFormat, listImportFormats, GENERIC_FORMATS } from './format-registry';
import { IMPORT_FORMATS } from './types';

describe('the import format registry', () => {
  it('registers a reader for every name --format and the upload form accept, and no other', () => {
    const registered = listImportFormats().map((f) => f.name);
    expect([...registered].sort()).toEqual([...IMPORT_FORMATS].sort());
    expect(new Set(registered).size).toBe(registered.length);
    for (const name of IMPORT_FORMATS) expect(getImportFormat(name).name).toBe(name);
  });

  it('answers an unknown name with the list of known ones', () => {
    expect(() => getImportFormat('xlsx')).toThrow(/unknown format "xlsx" \(known: .*wikipedia-ipc/);
  });

  it('marks exactly the mapped formats as generic', () => {
    expect([...GENERIC_FORMATS].sort()).toEqual(['csv', 'jsonl', 'tsv']);
  });
});
