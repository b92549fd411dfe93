/**
 * Java string semantics the original miner relies on (seed-code.md §4: the pipeline is Java 8), so
 * `--mode paper` gives the same answers: `String.trim()` strips only characters up to U+0020,
 * `\s` and `\W` are ASCII classes, and `String.split` drops trailing empty strings.
 */

/** `String.trim()`: removes characters ≤ U+0020 at both ends (not U+00A0 or other Unicode spaces). */
export function javaTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 32) start++;
  while (end > start && text.charCodeAt(end - 1) <= 32) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** `String.split(regex)`: like JS split, but trailing empty strings are removed (a leading one stays). */
export function javaSplit(text: string, separator: RegExp): string[] {
  const parts = text.split(separator);
  let end = parts.length;
  while (end > 0 && parts[end - 1] === '') end--;
  // Java returns [""] for an empty input and [] when only separators were found.
  if (text === '') return [''];
  return parts.slice(0, end);
}

/** Java's `\s` (ASCII whitespace), for patterns that must not treat U+00A0 as a space. */
export const JAVA_WHITESPACE_RUN = /[ \t\n\x0B\f\r]+/g;

/** `WhiteSpaceNormalizer`: runs of (ASCII, in paper mode) whitespace become one space, then trim. */
export function normaliseWhitespace(text: string, unicode: boolean): string {
  return unicode ? text.replace(/\s+/g, ' ').trim() : javaTrim(text.replace(JAVA_WHITESPACE_RUN, ' '));
}

/** `String.hashCode()`: 31-multiplier over UTF-16 code units with 32-bit overflow. */
export function javaStringHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash;
}

/**
 * `String.compareToIgnoreCase`: compares code units after upper- then lower-casing each one,
 * then by length.
 */
export function javaCompareIgnoreCase(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    const ux = x.toUpperCase();
    const uy = y.toUpperCase();
    if (ux === uy) continue;
    const lx = ux.toLowerCase();
    const ly = uy.toLowerCase();
    if (lx !== ly) return lx.charCodeAt(0) - ly.charCodeAt(0);
  }
  return a.length - b.length;
}

/**
 * `StringUtils.stripAccents` (commons-lang3): decompose (NFD), drop combining marks, and map the
 * two letters that do not decompose, Ł and ł.
 */
export function stripAccents(text: string): string {
  if (/^[\x00-\x7f]*$/.test(text)) return text;
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u0141/g, 'L')
    .replace(/\u0142/g, 'l');
}
