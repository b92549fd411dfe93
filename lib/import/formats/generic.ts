/**
 * Generic CSV, TSV and JSON Lines files read through a column mapping (column-map.ts), for corpora
 * without a dedicated reader. CSV is RFC 4180 with quoting on; TSV has quoting off, like the
 * reference corpora (a `"` is a plain character). Delimited files have a header unless told
 * otherwise; without one, columns are named by position (`a=6,b=7`). Without a mapping the text
 * columns are guessed from common names (sentence1/sentence2, question1/question2, ...).
 */
import { guessColumnMap, resolveMapColumns, type ColumnMap } from '../column-map';
import { createDelimitedParser, fieldCountMessage } from '../delimited-parser';
import { sampleRecords, shareOf, type FormatContext, type FormatDefinition } from '../format-definition';
import { pushError, pushResult } from '../format-parser';
import { setJsonEntry } from '../json-values';
import { createJsonLinesParser } from '../jsonl-parser';
import { buildMappedRecord } from '../mapped-record';
import type { JsonObject } from '../types';
import { sampleFirstObject } from './wikipedia-ipc';

const NO_MAPPING = 'cannot tell which columns hold the two texts; give a column mapping such as a=sentence1,b=sentence2';

function createMappedDelimitedParser(context: FormatContext, delimiter: string, quoting: boolean) {
  const hasHeader = context.header ?? true;
  let columns: string[] = [];
  let map: ColumnMap | null = null;
  const setColumns = (names: string[]): string | null => {
    columns = names;
    const base = context.map ?? guessColumnMap(names);
    if (!base)
      return hasHeader
        ? `${NO_MAPPING} (columns: ${names.join(', ')})`
        : `a file without a header needs a column mapping by position, e.g. a=1,b=2`;
    const resolved = resolveMapColumns(base, names);
    if (typeof resolved === 'string') return resolved;
    map = resolved;
    return null;
  };
  let fatal = false;
  return createDelimitedParser({
    delimiter,
    quoting,
    header: hasHeader ? 'required' : 'none',
    onHeader: (fields) => setColumns(fields.map((f) => f.trim())),
    onRow(row, out) {
      if (fatal) return;
      if (!hasHeader && columns.length === 0) {
        const problem = setColumns(row.fields.map((_, i) => String(i + 1)));
        if (problem !== null) {
          fatal = true;
          return pushError(out, row.lineNumber, problem, row.raw, true);
        }
      }
      if (!map) return;
      if (row.fields.length !== columns.length) {
        return pushError(out, row.lineNumber, fieldCountMessage(String(columns.length), row.fields.length, delimiter), row.raw);
      }
      const source: JsonObject = {};
      columns.forEach((name, i) => {
        setJsonEntry(source, name, row.fields[i] ?? '');
      });
      pushResult(out, buildMappedRecord(map, source, row.lineNumber), row.lineNumber, row.raw);
    },
  });
}

function firstLineDelimiterCount(sample: Parameters<FormatDefinition['sniff']>[0], delimiter: string): number {
  const first = sampleRecords(sample, 1)[0] ?? '';
  return first.split(delimiter).length - 1;
}

export const csvFormat: FormatDefinition = {
  name: 'csv',
  label: 'CSV',
  usesColumnMap: true,
  title: 'Generic CSV with a column mapping (RFC 4180, quoted fields may span lines)',
  sniff(sample) {
    if (firstLineDelimiterCount(sample, ',') === 0) return 0;
    return /\.csv$/i.test(sample.fileName) ? 0.3 : 0.1;
  },
  createParser: (context) => createMappedDelimitedParser(context, ',', true),
};

export const tsvFormat: FormatDefinition = {
  name: 'tsv',
  label: 'TSV',
  usesColumnMap: true,
  title: 'Generic TSV with a column mapping (quoting off: " is a plain character)',
  sniff(sample) {
    const tabs = firstLineDelimiterCount(sample, '\t');
    if (tabs === 0) return 0;
    const records = sampleRecords(sample);
    const consistent = shareOf(records, (l) => l.split('\t').length - 1 === tabs) >= 0.9;
    return consistent && /\.(tsv|txt|tab)$/i.test(sample.fileName) ? 0.3 : 0.2;
  },
  createParser: (context) => createMappedDelimitedParser(context, '\t', false),
};

export const jsonlFormat: FormatDefinition = {
  name: 'jsonl',
  label: 'JSON Lines',
  usesColumnMap: true,
  title: 'Generic JSON Lines with a column mapping (dotted paths reach into objects)',
  sniff(sample) {
    return sampleFirstObject(sampleRecords(sample, 1)) ? 0.3 : 0;
  },
  createParser(context) {
    let map: ColumnMap | null = context.map ?? null;
    let fatal = false;
    return createJsonLinesParser((object, line, out) => {
      if (fatal) return;
      if (!map) {
        map = guessColumnMap(Object.keys(object));
        if (!map) {
          fatal = true;
          return pushError(out, line.lineNumber, `${NO_MAPPING} (keys: ${Object.keys(object).join(', ')})`, line.text, true);
        }
      }
      pushResult(out, buildMappedRecord(map, object, line.lineNumber), line.lineNumber, line.text);
    });
  },
};
