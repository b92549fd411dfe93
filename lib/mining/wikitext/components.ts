/**
 * The original's `tokenize` (WikiTextExtractor, seed-code.md §4.3): drop the two bracket characters
 * on each side of a `[[…]]` or `{{…}}` token and split on `|` where the running counts of `[`/`]`,
 * `{`/`}` and `<`/`>` are all zero. A literal `<` in text therefore keeps later pipes together; both
 * modes keep that behaviour, because MediaWiki itself splits on pipes inside tags the same way.
 */
export function splitComponents(token: string): string[] {
  const inner = token.slice(2, token.length - 2);
  const parts: string[] = [];
  let squares = 0;
  let braces = 0;
  let angles = 0;
  let last = 0;
  for (let i = 0; i < inner.length; i++) {
    switch (inner.charCodeAt(i)) {
      case 124: // |
        if (squares === 0 && braces === 0 && angles === 0) {
          parts.push(inner.slice(last, i));
          last = i + 1;
        }
        break;
      case 91: // [
        squares++;
        break;
      case 93: // ]
        squares--;
        break;
      case 123: // {
        braces++;
        break;
      case 125: // }
        braces--;
        break;
      case 60: // <
        angles++;
        break;
      case 62: // >
        angles--;
        break;
    }
  }
  parts.push(inner.slice(last));
  return parts;
}
