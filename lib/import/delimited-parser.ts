/**
 * Shared reader for delimited corpora. Two quoting modes, as in Python's `csv` module:
 * quoting off (`QUOTE_NONE`): a record is one physical line split on the delimiter and `"` is a
 * plain character; this is how MSRPC, SICK, STS-B, PAWS, PIT-2015 and the Twitter URL corpus must
 * be read (default quoting loses 114 MSRPC train rows, 38 STS-B train rows...; docs/import-formats.md).
 * Quoting on: RFC 4180 records that may span lines (csv-records.ts). Blank lines between records
 * are skipped. The header, when the format has one, is the first non-blank record.
 */
import { CsvRecordReader, lineProblemError, type CsvResult } from './csv-records';
import { isBlankLine, pushError, type FormatParser } from './format-parser';
import type { Line } from './read-lines';
import type { ParserOutput } from './format-parser';

export interface DelimitedRow {
  lineNumber: number;
  fields: string[];
  raw: string;
}

export interface DelimitedParserSpec {
  delimiter: string;
  quoting: boolean;
  /** `optional`: the first record is a header only when `isHeader` says so. */
  header: 'none' | 'optional' | 'required';
  isHeader?: (fields: string[]) => boolean;
  /** Describes the expected header for the error when a required header is missing. */
  expectedHeader?: string;
  /** Receives the header; a returned message is a fatal error (the columns cannot be known). */
  onHeader?: (fields: string[]) => string | null;
  onRow: (row: DelimitedRow, out: ParserOutput[]) => void;
  onEnd?: (out: ParserOutput[]) => void;
  maxRecordLines?: number;
}

export function createDelimitedParser(spec: DelimitedParserSpec): FormatParser {
  const csv = spec.quoting ? new CsvRecordReader({ delimiter: spec.delimiter, maxRecordLines: spec.maxRecordLines }) : null;
  let seenFirst = spec.header === 'none';
  let stopped = false;
  const results: CsvResult[] = [];

  const handleRow = (row: DelimitedRow, out: ParserOutput[]): void => {
    if (stopped) return;
    if (!seenFirst) {
      seenFirst = true;
      const isHeader = spec.isHeader ? spec.isHeader(row.fields) : true;
      if (isHeader) {
        const problem = spec.onHeader?.(row.fields) ?? null;
        if (problem !== null) {
          pushError(out, row.lineNumber, problem, row.raw, true);
          stopped = true;
        }
        return;
      }
      if (spec.header === 'required') {
        const expected = spec.expectedHeader ? `expected a header line (${spec.expectedHeader})` : 'expected a header line';
        pushError(out, row.lineNumber, `${expected}; is this the right format?`, row.raw, true);
        stopped = true;
        return;
      }
    }
    spec.onRow(row, out);
  };

  const drain = (out: ParserOutput[]): void => {
    for (const r of results) {
      if (r.ok) handleRow(r.record, out);
      else if (!stopped) out.push({ ok: false, error: r.error });
    }
    results.length = 0;
  };

  return {
    pushLine(line: Line, out: ParserOutput[]): void {
      if (stopped) return;
      if (csv) {
        csv.push(line, results);
        drain(out);
        return;
      }
      if (isBlankLine(line.text)) return;
      if (line.problem) {
        out.push({ ok: false, error: lineProblemError(line) });
        return;
      }
      handleRow({ lineNumber: line.lineNumber, fields: line.text.split(spec.delimiter), raw: line.text }, out);
    },
    finish(out: ParserOutput[]): void {
      if (csv) {
        csv.finish(results);
        drain(out);
      }
      if (!stopped) spec.onEnd?.(out);
    },
  };
}

/** `expected 5 tab-separated fields, found 4` */
export function fieldCountMessage(expected: string, found: number, delimiter: string): string {
  const kind = delimiter === '\t' ? 'tab-separated' : delimiter === ',' ? 'comma-separated' : `"${delimiter}"-separated`;
  return `expected ${expected} ${kind} fields, found ${found}`;
}

/** Tab-separated, no quoting, no header: the shape of the PIT-2015, STS-B and Twitter URL files. */
export function createHeaderlessTsvParser(onRow: DelimitedParserSpec['onRow']): FormatParser {
  return createDelimitedParser({ delimiter: '\t', quoting: false, header: 'none', onRow });
}
