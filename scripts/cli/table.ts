/** Plain-text tables for command output: a header row, columns padded to their widest cell. */

/** `rightAligned`: indexes of numeric columns. Trailing spaces are trimmed from every line. */
export function formatTable(rows: string[][], rightAligned: readonly number[] = []): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (rightAligned.includes(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}
