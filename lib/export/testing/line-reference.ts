/**
 * The export's line format read the plain way, for tests: a COPY text line split into its values
 * (PostgreSQL docs, "Text Format"), and each row formatted value by value. lib/export/line-format.ts's
 * copyTextFormatter, which does both at once without arrays, is held to these.
 */
import { unescapeCopyValue } from '../copy-text';
import type { ExportField } from '../fields';
import { isCsvQuoted, jsonNumber, kindOf, quoteCsvText } from '../line-format';

/** One COPY line (without its newline) as its values; null for `\N`. */
export function splitCopyLine(line: string): Array<string | null> {
  const values: Array<string | null> = line.split('\t');
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value === '\\N') values[i] = null;
    else if (value.includes('\\')) values[i] = unescapeCopyValue(value);
  }
  return values;
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
  const quoted = fields.map(isCsvQuoted);
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
