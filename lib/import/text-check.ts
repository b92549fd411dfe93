/**
 * Tells a text file from a binary one before any line is parsed, so an image, an archive or random
 * bytes renamed `.tsv` is refused once ("this is not a text file") instead of line by line. The
 * head is decoded in the encoding the import would use (decode-text.ts: UTF-8, or UTF-16 from a
 * byte-order mark or NUL pattern). Text files practically never hold U+0000 or many C0 control
 * characters, and a text file in another 8-bit encoding (Latin-1) has a few undecodable bytes, not
 * many: those stay per-line errors ("save the file as UTF-8").
 */
import { countByteSequence, detectEncoding, REPLACEMENT_BYTES } from './decode-text';
import { ImportSetupError } from './types';

/**
 * Share of suspicious characters (undecodable bytes, C0 controls other than tab and line ends)
 * above which a head is not text.
 */
export const NON_TEXT_SHARE = 0.1;

export const NOT_TEXT_MESSAGE =
  'this is not a text file: it holds bytes that are not UTF-8 or UTF-16 text (an image, an archive or a program?); upload the pairs as CSV, TSV or JSON Lines';

export class NotTextFileError extends ImportSetupError {
  override name = 'NotTextFileError';
}

// U+0000-U+0008, U+000E-U+001F, U+007F: control characters no text format uses (tab, LF, VT, FF and CR are fine).
const CONTROL = /[\u0001-\u0008\u000e-\u001f\u007f]/g;

function countMatches(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/**
 * True when the first bytes of a file are not text. `complete`: the head is the whole file (a cut
 * last character is not counted otherwise).
 */
export function isBinaryHead(head: Uint8Array, complete: boolean): boolean {
  if (head.length === 0) return false;
  const { encoding, bomLength } = detectEncoding(head);
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(head.subarray(bomLength), { stream: !complete });
  if (text.includes('\u0000')) return true;
  const replaced = countMatches(text, /\uFFFD/g);
  // An encoded U+FFFD is text; the decoder's own replacements are undecodable bytes.
  const literal = countByteSequence(head, REPLACEMENT_BYTES[encoding]);
  const suspicious = Math.max(0, replaced - literal) + countMatches(text, CONTROL);
  return suspicious > Math.max(1, text.length * NON_TEXT_SHARE);
}

/** Throws NotTextFileError when the head is not text. */
export function assertTextHead(head: Uint8Array, complete: boolean, fileName: string): void {
  if (isBinaryHead(head, complete)) throw new NotTextFileError(`${fileName ? `${fileName}: ` : ''}${NOT_TEXT_MESSAGE}`);
}
