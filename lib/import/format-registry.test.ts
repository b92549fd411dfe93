import { describe, expect, it } from 'vitest';
import { getImportFormat, listImportFormats, GENERIC_FORMATS } from './format-registry';
import { IMPORT_FORMATS } from './types';
import { detectFormat, UndetectedFormatError, buildFormatSample } from './detect-format';

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

  it('names formats as their users know them when none fits: with the --format name on the command line, alone on the web', () => {
    expect(new Set(listImportFormats().map((f) => f.label)).size).toBe(IMPORT_FORMATS.length);
    const sample = buildFormatSample(new TextEncoder().encode('just one line\n'), 'notes.txt', true);
    let error: unknown = null;
    try {
      detectFormat(sample);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UndetectedFormatError);
    const undetected = error as UndetectedFormatError;
    expect(undetected.message).toMatch(
      /^cannot detect the format of notes\.txt; choose one with --format: Wikipedia-IPC \(wikipedia-ipc\), Wikipedia-IPC sets \(wikipedia-ipc-set\), MSRPC \(msrpc\), SICK \(sick\), .*JSON Lines \(jsonl\)$/,
    );
    expect(undetected.describeFor('web')).toMatch(
      /^cannot detect the format of notes\.txt; choose one of: Wikipedia-IPC, Wikipedia-IPC sets, MSRPC, SICK, STS-B, .*, CSV, TSV, JSON Lines$/,
    );
    expect(undetected.describeFor('web')).not.toContain('wikipedia-ipc');
  });
});
