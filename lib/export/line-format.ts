/**
 * An export's lines: each row (every value as PostgreSQL's text output, or null) as a JSON object,
 * or an RFC 4180 CSV record. Values arrive as text and stay text where they already are valid JSON
 * (numbers, booleans, JSON columns); only texts are escaped. Pure and fast: this runs on every
 * exported row, beside the database producing the next ones.
 *
 * CSV injection (OWASP): a text cell that begins with = + - @, a tab or a carriage return gets a
 * leading apostrophe, so a spreadsheet shows it as text instead of running it as a formula. Number
 * columns are written as numbers (a negative Δ such as -0.25 stays a number to compute with: it can
 * only be a number, never a formula); booleans as true/false. Every text cell is quoted.
 */
import type { ExportField } from './fields';
import { unescapeCopyValue } from './copy-text';

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

export function neutralizeCsvText(value: string): string {
  const first = value.charCodeAt(0);
  // = + - @ tab carriage return
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13 ? `'${value}` : value;
}

export function quoteCsvText(value: string): string {
  return `"${neutralizeCsvText(value).replaceAll('"', '""')}"`;
}

/** A CSV cell that is quoted (and neutralised): texts, JSON values and text lists. */
export const isCsvQuoted = (field: ExportField): boolean =>
  kindOf(field) === 'text' || field.type === 'json' || field.type === 'text list';

/** Formatted lines of a run of COPY text, and how many rows they were. */
export interface FormattedRows {
  text: string;
  rows: number;
}

const BACKSLASH = 92;
const N = 78;

/**
 * Formats complete lines of PostgreSQL's COPY text output (lib/export/copy-text.ts: one row per line,
 * tabs between the values, `\N` for null, backslash escapes), each ending in a newline, straight into
 * the export's lines, without an array per line and per row (an export's process spent most of its
 * time making them). A unit test holds it to the plain reading in ./testing/line-reference.ts. A
 * line with too few or too many values throws: the SQL writes one column per field.
 */
export function copyTextFormatter(fields: readonly ExportField[], format: 'jsonl' | 'csv'): (text: string) => FormattedRows {
  const count = fields.length;
  const kinds = fields.map(kindOf);
  const quoted = fields.map(isCsvQuoted);
  const before = fields.map((f, i) =>
    format === 'jsonl' ? `${i === 0 ? '{' : ','}${JSON.stringify(f.name)}:` : i === 0 ? '' : ',',
  );
  const lineEnd = format === 'jsonl' ? '}\n' : '\n';
  const missing = format === 'jsonl' ? 'null' : '';
  return (text) => {
    let out = '';
    let rows = 0;
    let start = 0;
    while (start < text.length) {
      const end = text.indexOf('\n', start);
      if (end === -1) throw new Error('copyTextFormatter: a line without its newline');
      for (let i = 0; i < count; i++) {
        const stop = i === count - 1 ? end : text.indexOf('\t', start);
        if (stop === -1 || stop > end) throw new Error(`copyTextFormatter: a row with fewer than ${count} values`);
        out += before[i]!;
        if (stop - start === 2 && text.charCodeAt(start) === BACKSLASH && text.charCodeAt(start + 1) === N) out += missing;
        else {
          let value = text.slice(start, stop);
          if (i === count - 1 && value.includes('\t')) throw new Error(`copyTextFormatter: a row with more than ${count} values`);
          if (value.includes('\\')) value = unescapeCopyValue(value);
          if (format === 'csv') out += quoted[i] ? quoteCsvText(value) : value;
          else if (kinds[i] === 'text') out += JSON.stringify(value);
          else if (kinds[i] === 'number') out += jsonNumber(value);
          else out += value;
        }
        start = stop + 1;
      }
      out += lineEnd;
      rows += 1;
    }
    return { text: out, rows };
  };
}
