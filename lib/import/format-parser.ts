/**
 * The contract between the import driver and one format: physical lines go in, items (records or
 * line-numbered errors) come out. Parsers are synchronous and keep only the state of the record
 * they are reading, so the driver can feed them whole batches of lines without an async step per
 * line and memory stays constant.
 */
import type { Line } from './read-lines';
import type { ImportFunnelStep, ImportItem, PairRecord, TextInput, TextType } from './types';

/**
 * The pairs of one paraphrase set, generated only when the driver asks for them (every i < j, in
 * list order), so a set never sits in memory as all of its pairs at once.
 */
export interface PairExpansion {
  expand: true;
  lineNumber: number;
  raw: string;
  pairCount: number;
  pairs(): Iterable<PairRecord>;
}

/** What a parser hands out: items, or a set to expand lazily (the driver turns it into items). */
export type ParserOutput = ImportItem | PairExpansion;

/** Pairs i < j of `size` members in list order; `makePair` builds the record for one. */
export function expandSet(
  lineNumber: number,
  raw: string,
  size: number,
  makePair: (i: number, j: number) => PairRecord,
): PairExpansion {
  return {
    expand: true,
    lineNumber,
    raw,
    pairCount: (size * (size - 1)) / 2,
    *pairs() {
      for (let i = 0; i < size; i++) for (let j = i + 1; j < size; j++) yield makePair(i, j);
    },
  };
}

export interface FormatParser {
  /** Consumes one physical line and appends any finished items to `out`. */
  pushLine(line: Line, out: ParserOutput[]): void;
  /** End of input: flushes whatever record is still open. */
  finish(out: ParserOutput[]): void;
  /** Set-building formats: what each step kept, complete after `finish`. */
  funnel?(): ImportFunnelStep[];
}

export function pushError(out: ParserOutput[], lineNumber: number, message: string, raw: string, fatal = false): void {
  out.push({ ok: false, error: fatal ? { lineNumber, message, raw, fatal } : { lineNumber, message, raw } });
}

export function pushRecord(out: ParserOutput[], record: PairRecord): void {
  out.push({ ok: true, record });
}

export function makeText(text: string, type: TextType = 'sentence'): TextInput {
  return { text, type };
}

/** Empty or whitespace-only line; cheap for the common case of a line starting with a letter. */
export function isBlankLine(text: string): boolean {
  if (text.length === 0) return true;
  if (text.charCodeAt(0) > 32 && text.charCodeAt(text.length - 1) > 32) return false;
  return text.trim().length === 0;
}

/** Message for a pair text that is missing, empty or only whitespace; null when the text is usable. */
export function checkPairText(text: string | undefined, name: string): string | null {
  if (text === undefined) return `${name} is missing`;
  if (isBlankLine(text)) return `${name} is empty`;
  // PostgreSQL text cannot hold U+0000; say so here, with the line number, not at COPY time.
  if (text.includes('\u0000')) return `${name} contains a NUL character (U+0000), which cannot be stored`;
  return null;
}

/** Optional parts of a pair; undefined values are left out of the record. */
export type PairExtras = Omit<PairRecord, 'lineNumber' | 'a' | 'b' | 'metadata' | 'similarities'> & {
  metadata?: PairRecord['metadata'];
  similarities?: PairRecord['similarities'];
};

/**
 * Builds a sentence pair after checking both texts; returns an error message instead when one is
 * unusable. Fields are assigned one by one in a fixed order: object spreads of conditional parts
 * made V8 build slow dictionary-mode objects and cut throughput fifteenfold.
 */
export function buildSentencePair(
  lineNumber: number,
  textA: string | undefined,
  textB: string | undefined,
  names: readonly [string, string],
  extras: PairExtras,
): PairRecord | string {
  const problem = checkPairText(textA, names[0]) ?? checkPairText(textB, names[1]);
  if (problem !== null || textA === undefined || textB === undefined) return problem ?? 'text is missing';
  const record: PairRecord = {
    lineNumber,
    a: makeText(textA),
    b: makeText(textB),
    metadata: extras.metadata ?? {},
    similarities: extras.similarities ?? {},
  };
  if (extras.originalId !== undefined) record.originalId = extras.originalId;
  if (extras.clusterId !== undefined) record.clusterId = extras.clusterId;
  if (extras.image !== undefined) record.image = extras.image;
  if (extras.referenceLabel !== undefined) record.referenceLabel = extras.referenceLabel;
  if (extras.referenceScore !== undefined) record.referenceScore = extras.referenceScore;
  if (extras.isParaphrase !== undefined) record.isParaphrase = extras.isParaphrase;
  return record;
}

/** Wraps a record-or-message result into an item. */
export function pushResult(out: ParserOutput[], result: PairRecord | string, lineNumber: number, raw: string): void {
  if (typeof result === 'string') pushError(out, lineNumber, result, raw);
  else pushRecord(out, result);
}

export function quoteForMessage(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 37)}...` : text);
}
