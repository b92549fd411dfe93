/**
 * Turns one exported row (every value as PostgreSQL's text output, or null) into its line: a JSON
 * object, or an RFC 4180 CSV record. Values arrive as text and stay text where they already are
 * valid JSON (numbers, booleans, JSON columns); only texts are escaped. Pure and fast: this runs once
 * per exported row, beside the database producing the next ones.
 *
 * CSV injection (OWASP): a text cell that begins with = + - @, a tab or a carriage return gets a
 * leading apostrophe, so a spreadsheet shows it as text instead of running it as a formula. Number
 * columns are written as numbers (a negative Δ such as -0.25 stays a number to compute with: it can
 * only be a number, never a formula); booleans as true/false. Every text cell is quoted.
 */
import type { ExportField } from './fields';

type Kind = 'raw' | 'number' | 'text';

const kindOf = (field: ExportField): Kind =>
  field.type === 'integer' || field.type === 'boolean' || field.type === 'json' || field.type === 'text list'
    ? 'raw'
    : field.type === 'number'
      ? 'number'
      : 'text';

/** A float's text is JSON unless it is NaN or ±Infinity, which JSON cannot hold: those become null. */
const jsonNumber = (value: string): string =>
  value.charCodeAt(value.length - 1) >= 48 && value.charCodeAt(value.length - 1) <= 57 ? value : 'null';

export function neutralizeCsvText(value: string): string {
  const first = value.charCodeAt(0);
  // = + - @ tab carriage return
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13 ? `'${value}` : value;
}

export function quoteCsvText(value: string): string {
  return `"${neutralizeCsvText(value).replaceAll('"', '""')}"`;
}

export type LineFormatter = (values: ReadonlyArray<string | null>) => string;

export function jsonLineFormatter(fields: readonly ExportField[]): LineFormatter {
  const keys = fields.map((f, i) => `${i === 0 ? '{' : ','}${JSON.stringify(f.name)}:`);
  const kinds = fields.map(kindOf);
  return (values) => {
    let line = '';
    for (let i = 0; i < kinds.length; i++) {
      const value = values[i];
      line += keys[i]!;
      if (value === null || value === undefined) line += 'null';
      else if (kinds[i] === 'text') line += JSON.stringify(value);
      else if (kinds[i] === 'number') line += jsonNumber(value);
      else line += value;
    }
    return `${line}}`;
  };
}

export function csvLineFormatter(fields: readonly ExportField[]): LineFormatter {
  const quoted = fields.map((f) => kindOf(f) === 'text' || f.type === 'json' || f.type === 'text list');
  return (values) => {
    let line = '';
    for (let i = 0; i < quoted.length; i++) {
      const value = values[i];
      if (i > 0) line += ',';
      if (value !== null && value !== undefined) line += quoted[i] ? quoteCsvText(value) : value;
    }
    return line;
  };
}
