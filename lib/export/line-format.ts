/**
 * An export's lines: each row (every value as PostgreSQL's text output, or null) as a JSON object,
 * or an RFC 4180 CSV record. Values arrive as the UTF-8 bytes of COPY's text format and are copied
 * where they already are valid JSON (numbers, booleans, JSON columns); only texts are escaped. Pure
 * and fast: this runs on every exported row, beside the database producing the next ones.
 *
 * CSV injection (OWASP): a text cell that begins with = + - @, a tab or a carriage return gets a
 * leading apostrophe, so a spreadsheet shows it as text instead of running it as a formula. Number
 * columns are written as numbers (a negative Δ such as -0.25 stays a number to compute with: it can
 * only be a number, never a formula); booleans as true/false. Every text cell is quoted.
 */
import type { ExportField } from './fields';

type Kind = 'raw' | 'number' | 'text';

export const kindOf = (field: ExportField): Kind =>
  field.type === 'integer' || field.type === 'boolean' || field.type === 'json' || field.type === 'text list'
    ? 'raw'
    : field.type === 'number'
      ? 'number'
      : 'text';

/** A float's text is JSON unless it is NaN or ±Infinity, which JSON cannot hold: those become null. */
export const jsonNumber = (value: string): string =>
  value.charCodeAt(value.length - 1) >= 48 && value.charCodeAt(value.length - 1) <= 57 ? value : 'null';

/** = + - @ tab carriage return: the first characters that make a spreadsheet read a formula, by code */
const FORMULA_START = new Uint8Array(256);
for (const c of '=+-@\t\r') FORMULA_START[c.charCodeAt(0)] = 1;

export function neutralizeCsvText(value: string): string {
  return value.length > 0 && FORMULA_START[value.charCodeAt(0)] === 1 ? `'${value}` : value;
}

export function quoteCsvText(value: string): string {
  return `"${neutralizeCsvText(value).replaceAll('"', '""')}"`;
}

/** A CSV cell that is quoted (and neutralised): texts, JSON values and text lists. */
export const isCsvQuoted = (field: ExportField): boolean =>
  kindOf(field) === 'text' || field.type === 'json' || field.type === 'text list';

/** Formatted lines of a run of COPY text, and how many rows they were. */
export interface FormattedRows {
  /** the export's bytes for these rows (UTF-8, each line ending in a newline) */
  bytes: Buffer;
  rows: number;
}

const TAB = 9;
const NEWLINE = 10;
const QUOTE = 34;
const APOSTROPHE = 39;
const BACKSLASH = 92;
const N = 78;
const HEX = Buffer.from('0123456789abcdef');
/** COPY text's escapes (lib/export/copy-text.ts), by the byte after the backslash; any other byte stands for itself. */
const UNESCAPED = new Uint8Array(256).map((_, b) => b);
for (const [letter, byte] of [
  ['n', 10],
  ['r', 13],
  ['t', 9],
  ['b', 8],
  ['f', 12],
  ['v', 11],
] as const)
  UNESCAPED[letter.charCodeAt(0)] = byte;
/** JSON.stringify's short escapes of control characters (ECMA-262 QuoteJSONString); the others are \u00XX. */
const JSON_SHORT = new Uint8Array(32);
for (const [byte, letter] of [
  [8, 'b'],
  [9, 't'],
  [10, 'n'],
  [12, 'f'],
  [13, 'r'],
] as const)
  JSON_SHORT[byte] = letter.charCodeAt(0);
/** the most one input byte becomes: a control character as \u00XX */
const MOST_PER_BYTE = 6;

const enum Out {
  /** copied as is, escapes undone (integers, booleans, JSON, text lists; CSV numbers) */
  Raw,
  /** a JSON number, NaN and ±Infinity as null */
  JsonNumber,
  /** a JSON string */
  JsonText,
  /** a quoted, neutralised CSV cell */
  CsvQuoted,
}

/**
 * Formats complete lines of PostgreSQL's COPY text output (lib/export/copy-text.ts: one row per line,
 * tabs between the values, `\N` for null, backslash escapes), each ending in a newline, straight into
 * the export's lines, byte by byte: the UTF-8 that PostgreSQL sent is copied, never decoded into
 * strings and encoded again (an export's process spent most of its time on that), and only the bytes
 * JSON or CSV must escape are touched. A unit test holds it to the plain reading in
 * ./testing/line-reference.ts, which uses JSON.stringify. A line with too few or too many values
 * throws: the SQL writes one column per field.
 */
export function copyTextFormatter(fields: readonly ExportField[], format: 'jsonl' | 'csv'): (input: Buffer) => FormattedRows {
  const count = fields.length;
  const outs = fields.map((f) =>
    format === 'csv'
      ? isCsvQuoted(f)
        ? Out.CsvQuoted
        : Out.Raw
      : kindOf(f) === 'text'
        ? Out.JsonText
        : kindOf(f) === 'number'
          ? Out.JsonNumber
          : Out.Raw,
  );
  const before = fields.map((f, i) =>
    Buffer.from(format === 'jsonl' ? `${i === 0 ? '{' : ','}${JSON.stringify(f.name)}:` : i === 0 ? '' : ','),
  );
  const lineEnd = Buffer.from(format === 'jsonl' ? '}\n' : '\n');
  const missing = Buffer.from(format === 'jsonl' ? 'null' : '');
  // what a line adds beyond its own bytes' growth: the keys, quotes, an apostrophe, null, the end
  const perLine = before.reduce((sum, b) => sum + b.length + 3 + missing.length, lineEnd.length);

  const missingBytes = missing.length;
  return (input) => {
    // a JSON line is about 2.1 times its COPY text (the keys), a CSV one about the same size
    let out = Buffer.allocUnsafe(input.length * 3 + perLine);
    let at = 0;
    let rows = 0;
    let start = 0;
    const length = input.length;
    while (start < length) {
      const end = input.indexOf(NEWLINE, start);
      if (end === -1) throw new Error('copyTextFormatter: a line without its newline');
      const need = at + (end - start) * MOST_PER_BYTE + perLine;
      if (need > out.length) {
        const grown = Buffer.allocUnsafe(Math.max(need, out.length * 2));
        out.copy(grown, 0, 0, at);
        out = grown;
      }
      let p = start;
      for (let i = 0; ; i++) {
        if (i === count) throw new Error(`copyTextFormatter: a row with more than ${count} values`);
        const key = before[i]!;
        for (let k = 0; k < key.length; k++) out[at++] = key[k]!;
        const kind = outs[i]!;
        // null: exactly \N before the tab or the line's end
        if (input[p] === BACKSLASH && input[p + 1] === N && (p + 2 === end || input[p + 2] === TAB)) {
          for (let k = 0; k < missingBytes; k++) out[at++] = missing[k]!;
          p += 2;
        } else if (kind === Out.JsonText) {
          out[at++] = QUOTE;
          for (; p < end; p++) {
            let b = input[p]!;
            // most bytes: copied as they are (everything above the quote but the backslash)
            if (b > QUOTE && b !== BACKSLASH) {
              out[at++] = b;
              continue;
            }
            if (b === TAB) break;
            if (b === BACKSLASH && p + 1 < end) b = UNESCAPED[input[++p]!]!;
            if (b < 32) {
              out[at++] = BACKSLASH;
              const short = JSON_SHORT[b]!;
              if (short !== 0) out[at++] = short;
              else {
                out[at++] = 117; // u
                out[at++] = 48;
                out[at++] = 48;
                out[at++] = HEX[b >> 4]!;
                out[at++] = HEX[b & 15]!;
              }
            } else {
              if (b === QUOTE || b === BACKSLASH) out[at++] = BACKSLASH;
              out[at++] = b;
            }
          }
          out[at++] = QUOTE;
        } else if (kind === Out.CsvQuoted) {
          // the JSON text's scan again, on purpose: a loop per kind keeps the common byte to one test
          // (the first version, a scan for the tab and then one loop asking the kind on every byte,
          // took 481-496 ms on 70 MB of COPY text where this takes 321-334)
          out[at++] = QUOTE;
          if (p < end && input[p] !== TAB) {
            const first = input[p] === BACKSLASH && p + 1 < end ? UNESCAPED[input[p + 1]!]! : input[p]!;
            if (FORMULA_START[first]) out[at++] = APOSTROPHE;
          }
          for (; p < end; p++) {
            let b = input[p]!;
            if (b > QUOTE && b !== BACKSLASH) {
              out[at++] = b;
              continue;
            }
            if (b === TAB) break;
            if (b === BACKSLASH && p + 1 < end) b = UNESCAPED[input[++p]!]!;
            else if (b === QUOTE) out[at++] = QUOTE;
            out[at++] = b;
          }
          out[at++] = QUOTE;
        } else {
          const from = at;
          for (; p < end; p++) {
            let b = input[p]!;
            if (b === TAB) break;
            if (b === BACKSLASH && p + 1 < end) b = UNESCAPED[input[++p]!]!;
            out[at++] = b;
          }
          // a JSON number: NaN and ±Infinity (which do not end in a digit) are null
          if (kind === Out.JsonNumber && (at === from || out[at - 1]! < 48 || out[at - 1]! > 57)) {
            at = from;
            for (let k = 0; k < missingBytes; k++) out[at++] = missing[k]!;
          }
        }
        if (p >= end) {
          if (i < count - 1) throw new Error(`copyTextFormatter: a row with fewer than ${count} values`);
          break;
        }
        p += 1; // the tab
      }
      for (let k = 0; k < lineEnd.length; k++) out[at++] = lineEnd[k]!;
      rows += 1;
      start = end + 1;
    }
    return { bytes: out.subarray(0, at), rows };
  };
}
