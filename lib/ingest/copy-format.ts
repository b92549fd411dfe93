/**
 * PostgreSQL COPY text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text
 * Format"): columns separated by tabs, rows by newlines, NULL as \N, and backslash escapes for
 * backslash, tab, newline and carriage return. Used to stream imports into staging tables.
 */
const NULL = '\\N';

export function copyText(value: string | null | undefined): string {
  if (value === null || value === undefined) return NULL;
  // Fast path: most captions contain none of the four special characters.
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

export function copyNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NULL : String(value);
}

export function copyBoolean(value: boolean | null | undefined): string {
  return value === null || value === undefined ? NULL : value ? 't' : 'f';
}

/** A text[] literal of simple words (measure names): {wms,st}. */
export function copyWordArray(values: readonly string[]): string {
  return `{${values.join(',')}}`;
}

/** jsonb rejects the escape \u0000; a NUL inside a metadata string becomes U+FFFD (texts reject NUL earlier). */
export function copyJson(value: unknown): string {
  const json = JSON.stringify(value);
  // Only a real escape (preceded by an even number of backslashes), not the text "\\u0000".
  return copyText(json.includes('\\u0000') ? json.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\ufffd') : json);
}
