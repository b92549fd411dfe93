/**
 * Reads PostgreSQL's COPY text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text
 * Format"): one row per line, columns separated by tabs, `\N` for null, and backslash escapes for
 * backslash, newline, carriage return, tab, backspace, form feed and vertical tab (the only ones
 * COPY TO writes). Pure; exports stream their rows through it.
 */
const ESCAPES: Record<string, string> = { '\\': '\\', n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v' };

export function unescapeCopyValue(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => ESCAPES[c] ?? c);
}

/** Bind parameters written into the SQL as literals (COPY takes no parameters). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (Array.isArray(value)) {
    const items = value.map((item) =>
      typeof item === 'number' ? sqlLiteral(item) : `"${String(item).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
    );
    return sqlLiteral(`{${items.join(',')}}`);
  }
  throw new Error(`cannot write ${typeof value} as an SQL literal`);
}

/** `$1`, `$2`… replaced by their values' literals (the SQL must hold no other `$n`). */
export function inlineParameters(sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)\b/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new Error(`no parameter $${n}`);
    return sqlLiteral(params[index]);
  });
}
