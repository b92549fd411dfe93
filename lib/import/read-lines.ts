/**
 * Streaming line reader for import files: bytes -> decoded text (see decode-text.ts) -> physical
 * lines with 1-based line numbers. Line ends are LF or CRLF (a file with no LF at all in its
 * first 64 KiB but with CR is read as classic-Mac CR-only); the final line may lack its newline.
 * Lines are handed out in batches, one per decoded chunk, because one async step per line would
 * cost more than splitting the line itself.
 */
import { decodeTextChunks, type DecodeOptions, type EncodingInfo } from './decode-text';

export interface Line {
  lineNumber: number;
  /** The line without its terminator (a trailing CR of a CRLF is removed). */
  text: string;
  /**
   * `invalid-encoding`: the line holds bytes that are not valid in the file's encoding.
   * `too-long`: the line exceeded `maxLineLength`; `text` holds only its beginning.
   */
  problem?: 'invalid-encoding' | 'too-long';
}

export interface LineReaderOptions extends DecodeOptions {
  /** Longer lines are cut and flagged `too-long` instead of exhausting memory. Default 16 Mi chars. */
  maxLineLength?: number;
  onEncoding?: (info: EncodingInfo) => void;
}

export const DEFAULT_MAX_LINE_LENGTH = 16 * 1024 * 1024;
const TOO_LONG_PREVIEW = 200;
const CR_DETECTION_CHARS = 64 * 1024;

export async function* readLineBatches(
  source: AsyncIterable<Uint8Array>,
  options: LineReaderOptions = {},
): AsyncGenerator<Line[]> {
  const maxLineLength = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
  let separator: '\n' | '\r' | null = null;
  let carry = '';
  let carryInvalid = false;
  let discarding = false;
  let lineNumber = 0;
  // Text seen before the separator is decided (only when the first chunks hold no LF).
  let undecided = '';
  let undecidedInvalid = false;

  const split = (text: string, chunkInvalid: boolean, batch: Line[]): void => {
    const sep = separator ?? '\n';
    let start = 0;
    let idx = text.indexOf(sep);
    while (idx !== -1) {
      let piece = text.slice(start, idx);
      if (carry.length > 0) {
        piece = carry + piece;
        carry = '';
      }
      if (discarding) {
        discarding = false;
      } else {
        if (sep === '\n' && piece.charCodeAt(piece.length - 1) === 13) piece = piece.slice(0, -1);
        lineNumber++;
        if (piece.length > maxLineLength) {
          batch.push({ lineNumber, text: piece.slice(0, TOO_LONG_PREVIEW), problem: 'too-long' });
        } else {
          const line: Line = { lineNumber, text: piece };
          if ((chunkInvalid || carryInvalid) && piece.includes('\uFFFD')) line.problem = 'invalid-encoding';
          batch.push(line);
        }
      }
      carryInvalid = false;
      start = idx + 1;
      idx = text.indexOf(sep, start);
    }
    if (start < text.length && !discarding) {
      carry += text.slice(start);
      if (chunkInvalid) carryInvalid = true;
      if (carry.length > maxLineLength) {
        lineNumber++;
        batch.push({ lineNumber, text: carry.slice(0, TOO_LONG_PREVIEW), problem: 'too-long' });
        carry = '';
        carryInvalid = false;
        discarding = true;
      }
    }
  };

  for await (const chunk of decodeTextChunks(source, options)) {
    let text = chunk.text;
    if (separator === null) {
      undecided += text;
      undecidedInvalid ||= chunk.hasInvalidBytes;
      if (undecided.includes('\n')) separator = '\n';
      else if (undecided.length >= CR_DETECTION_CHARS) separator = undecided.includes('\r') ? '\r' : '\n';
      else continue;
      text = undecided;
      undecided = '';
    }
    const batch: Line[] = [];
    split(text, chunk.hasInvalidBytes || undecidedInvalid, batch);
    undecidedInvalid = false;
    if (batch.length > 0) yield batch;
  }
  const batch: Line[] = [];
  if (separator === null && undecided.length > 0) {
    separator = undecided.includes('\r') && !undecided.includes('\n') ? '\r' : '\n';
    split(undecided, undecidedInvalid, batch);
  }
  if (carry.length > 0 && !discarding) {
    if (separator === '\n' && carry.charCodeAt(carry.length - 1) === 13) carry = carry.slice(0, -1);
    lineNumber++;
    const line: Line = { lineNumber, text: carry };
    if (carryInvalid && carry.includes('\uFFFD')) line.problem = 'invalid-encoding';
    batch.push(line);
  }
  if (batch.length > 0) yield batch;
}

/** One line at a time; convenient for tests and small files (`readLineBatches` is faster). */
export async function* readLines(source: AsyncIterable<Uint8Array>, options: LineReaderOptions = {}): AsyncGenerator<Line> {
  for await (const batch of readLineBatches(source, options)) yield* batch;
}
