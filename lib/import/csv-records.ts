/**
 * RFC 4180 CSV records over physical lines (https://www.rfc-editor.org/rfc/rfc4180 §2): fields may
 * be quoted, `""` inside quotes is one `"`, and quoted fields may hold delimiters and line breaks,
 * so one record can span several lines; it is reported with the line it starts on. Deviations are
 * those of Python's `csv` reader with its default dialect (`strict=False`), because the published
 * row counts of the corpora were computed with it: a `"` inside an unquoted field is a plain
 * character, and text after a closing quote is appended to the field. Line breaks inside quoted
 * fields come out as `\n` whatever the file used.
 *
 * A stray opening quote would otherwise swallow the rest of the file, so a record that is still
 * open after `maxRecordLines` lines (or at the end of the file) is rejected on its first line and
 * the lines after that are read again as new records.
 */
import { isBlankLine } from './format-parser';
import type { Line } from './read-lines';
import type { ImportError } from './types';

export interface CsvRecord {
  lineNumber: number;
  fields: string[];
  raw: string;
}

export type CsvResult = { ok: true; record: CsvRecord } | { ok: false; error: ImportError };

export interface CsvReaderOptions {
  delimiter?: string;
  maxRecordLines?: number;
}

export const DEFAULT_MAX_RECORD_LINES = 1000;

const QUOTE = 34;

export class CsvRecordReader {
  private readonly delimiter: string;
  private readonly delimiterCode: number;
  private readonly maxRecordLines: number;
  /** Lines of the record being read (only while a quoted field is open). */
  private pending: Line[] = [];
  private fields: string[] = [];
  private field = '';
  private inQuotes = false;
  /** Just after a closing quote: a further `"` is plain text (Python csv, strict=False). */
  private afterQuote = false;

  constructor(options: CsvReaderOptions = {}) {
    this.delimiter = options.delimiter ?? ',';
    this.delimiterCode = this.delimiter.charCodeAt(0);
    this.maxRecordLines = options.maxRecordLines ?? DEFAULT_MAX_RECORD_LINES;
  }

  push(line: Line, out: CsvResult[]): void {
    if (this.pending.length === 0) {
      if (isBlankLine(line.text)) return;
      if (line.problem) {
        out.push({ ok: false, error: lineProblemError(line) });
        return;
      }
      if (!line.text.includes('"')) {
        const fields = line.text.split(this.delimiter);
        out.push({ ok: true, record: { lineNumber: line.lineNumber, fields, raw: line.text } });
        return;
      }
      this.fields = [];
      this.field = '';
      this.pending.push(line);
      if (this.scan(line.text, true)) this.emit(out);
      return;
    }
    this.pending.push(line);
    this.field += '\n';
    if (this.scan(line.text, false)) this.emit(out);
    else if (this.pending.length >= this.maxRecordLines) {
      this.abandon(out, `quoted field opened on this line is still open after ${this.maxRecordLines} lines (unbalanced ")`);
    }
  }

  finish(out: CsvResult[]): void {
    if (this.pending.length > 0)
      this.abandon(out, 'quoted field opened on this line is not closed before the end of the file (unbalanced ")');
  }

  /** True when the record ended on this line. `fresh` = the line starts a new record. */
  private scan(text: string, fresh: boolean): boolean {
    let i = 0;
    const n = text.length;
    let fieldStart = fresh;
    if (fresh) {
      this.inQuotes = false;
      this.afterQuote = false;
    }
    while (i < n) {
      const c = text.charCodeAt(i);
      if (this.inQuotes) {
        const close = text.indexOf('"', i);
        if (close === -1) {
          this.field += text.slice(i);
          return false;
        }
        this.field += text.slice(i, close);
        if (text.charCodeAt(close + 1) === QUOTE) {
          this.field += '"';
          i = close + 2;
        } else {
          this.inQuotes = false;
          this.afterQuote = true;
          i = close + 1;
        }
        continue;
      }
      if (c === this.delimiterCode) {
        this.fields.push(this.field);
        this.field = '';
        this.afterQuote = false;
        fieldStart = true;
        i++;
        continue;
      }
      if (c === QUOTE && fieldStart && !this.afterQuote) {
        this.inQuotes = true;
        fieldStart = false;
        i++;
        continue;
      }
      fieldStart = false;
      const next = nextSpecial(text, i + 1, this.delimiter);
      this.field += text.slice(i, next);
      i = next;
    }
    return !this.inQuotes;
  }

  private emit(out: CsvResult[]): void {
    this.fields.push(this.field);
    const first = this.pending[0];
    const lines = this.pending;
    this.pending = [];
    this.field = '';
    const fields = this.fields;
    this.fields = [];
    if (!first) return;
    const raw = lines.length === 1 ? first.text : lines.map((l) => l.text).join('\n');
    const bad = lines.find((l) => l.problem);
    if (bad) {
      out.push({ ok: false, error: { ...lineProblemError(bad), lineNumber: first.lineNumber, raw } });
      return;
    }
    out.push({ ok: true, record: { lineNumber: first.lineNumber, fields, raw } });
  }

  private abandon(out: CsvResult[], message: string): void {
    const [first, ...rest] = this.pending;
    this.pending = [];
    this.fields = [];
    this.field = '';
    this.inQuotes = false;
    if (!first) return;
    out.push({ ok: false, error: { lineNumber: first.lineNumber, message, raw: first.text } });
    for (const line of rest) this.push(line, out);
    // Replayed lines may open a new quoted record that is still pending; `finish` handles it.
  }
}

function nextSpecial(text: string, from: number, delimiter: string): number {
  const d = text.indexOf(delimiter, from);
  return d === -1 ? text.length : d;
}

export function lineProblemError(line: Line): ImportError {
  const message =
    line.problem === 'too-long'
      ? 'line is too long (over the maximum line length); is this the right format?'
      : 'text is not valid in the file encoding (bytes that cannot be decoded; save the file as UTF-8)';
  return { lineNumber: line.lineNumber, message, raw: line.text };
}
