/**
 * The normalised shapes every import format produces: one `PairRecord` per candidate pair, or an
 * `ImportError` that points at the physical line it came from. Field choices follow the
 * Wikipedia-IPC pair format (docs/sources.md#ipc-pair-format) so reference corpora and mined
 * captions land in the same columns; corpus-specific columns go to `metadata`.
 */

import type { ImportableMeasureKey } from '@/lib/measures/catalog';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** `caption` = visible caption (WIKI_TEXT), `alt_text` = `alt=` text, `sentence` = any corpus sentence. */
export type TextType = 'caption' | 'alt_text' | 'sentence';

export interface TextInput {
  /** Kept exactly as in the file (no trimming, no case change); never empty or blank. */
  text: string;
  type: TextType;
  /** URL of the article (or other source) the text comes from. */
  sourcePage?: string;
  /** Human-readable title derived from `sourcePage` (Wikipedia: last path segment, `_` as space). */
  sourceTitle?: string;
}

export interface ImageRef {
  /** The image identifier exactly as given in the file. */
  url: string;
  /** Normalised file name, e.g. `File:Foo_bar.jpg` (URL-decoded, `Image:` and other prefixes -> `File:`). */
  key: string;
}

/**
 * Similarity values imported with a pair: the catalogue's importable measures (files name them
 * `rouge1-f1`, `wms`, ...: docs/sources.md#scorer-keys).
 */
export type SimilarityKey = ImportableMeasureKey;

export interface PairRecord {
  /** 1-based physical line on which the record starts. */
  lineNumber: number;
  a: TextInput;
  b: TextInput;
  /** The corpus's own pair id (Wikipedia-IPC `id` is a non-unique 32-bit hash). */
  originalId?: string;
  /** The corpus's own group id (Wikipedia-IPC `cluster-id`, TaPaCo set id, STS-B file...); not unique. */
  clusterId?: string;
  image?: ImageRef;
  /** The corpus's own categorical label as written (`1`, `NEUTRAL`, `(3, 2)`, `(4,6)`, ...). */
  referenceLabel?: string;
  /** The corpus's own graded score (SICK relatedness 1-5, STS 0-5, vote fraction 0-1, ...). */
  referenceScore?: number;
  /**
   * Binary paraphrase judgement under the corpus authors' own convention; `null` for pairs the
   * authors call debatable (PIT, Twitter URL); absent when the corpus has no such notion (SICK, STS-B).
   */
  isParaphrase?: boolean | null;
  metadata: JsonObject;
  similarities: Partial<Record<SimilarityKey, number>>;
}

export interface ImportError {
  lineNumber: number;
  message: string;
  /** The original text of the rejected record (physical line, or all lines of a multi-line record). */
  raw: string;
  /** True when the rest of the file cannot be read (bad header, broken document structure, ...). */
  fatal?: boolean;
}

/** What a set-building format kept at each of its steps (qa-assessed: questions → groups → pairs). */
export interface ImportFunnelStep {
  step: string;
  count: number;
}

export type ImportItem = { ok: true; record: PairRecord } | { ok: false; error: ImportError };

/** Renders an error the way reports show it: `line N: what is wrong`. */
export function formatImportError(error: ImportError): string {
  return `line ${error.lineNumber}: ${error.message}`;
}

export const IMPORT_FORMATS = [
  'wikipedia-ipc',
  'wikipedia-ipc-set',
  'msrpc',
  'sick',
  'stsb',
  'paws',
  'pit2015',
  'twitter-url',
  'multipit',
  'multipit-nmr',
  'tapaco',
  'qa-assessed',
  'paralens-jsonl',
  'csv',
  'tsv',
  'jsonl',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const TIERS = ['gold', 'silver', 'bronze'] as const;
export type Tier = (typeof TIERS)[number];

/** A problem with the whole import request (unknown format, undetectable file, bad mapping). */
export class ImportSetupError extends Error {
  override name = 'ImportSetupError';
}
