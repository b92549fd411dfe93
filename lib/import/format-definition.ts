/**
 * What one import format provides: a content sniffer for detection and a parser factory. Each
 * format lives in its own module under ./formats and is listed in format-registry.ts.
 */
import type { ColumnMap } from './column-map';
import type { FormatParser } from './format-parser';
import type { ImportFormat } from './types';
import type { ImportLimits } from './limits';
import type { QaQuestionSet } from '@/lib/qa-pairs/questions-file';
import type { QaRules } from '@/lib/qa-pairs/rules';

/** The second input of the qa-assessed format: its questions (with their affirmative forms) and rules. */
export interface QaContext {
  questions: QaQuestionSet;
  rules: QaRules;
}

export interface FormatSample {
  /** Base name of the file (no directories), as given by the caller. */
  fileName: string;
  /** The first physical lines (BOM and CR removed); the last one may be cut short unless `complete`. */
  lines: string[];
  /** The first characters of the decoded text. */
  text: string;
  /** True when the sample holds the whole file. */
  complete: boolean;
}

export interface FormatContext {
  fileName: string;
  /** Column mapping of the generic formats (`a=sentence1,b=sentence2,...`). */
  map?: ColumnMap;
  /** Generic csv/tsv only: whether the first record is a header (default true). */
  header?: boolean;
  /** Set-shaped formats: the cap on texts per set (default DEFAULT_IMPORT_LIMITS). */
  limits?: Readonly<ImportLimits>;
  /** qa-assessed only: the questions file, read beforehand. */
  qa?: QaContext;
}

export interface FormatDefinition {
  name: ImportFormat;
  /** The corpus's or format's name as its users know it (`MSRPC`, `Wikipedia-IPC`), for messages and pickers. */
  label: string;
  /** One line for format pickers and `--help`. */
  title: string;
  /** Reads any file through a column mapping (`--map a=…,b=…`): the generic csv, tsv and jsonl. */
  usesColumnMap?: boolean;
  /** The file belongs to a Wikipedia-IPC tier (gold, silver, bronze), from its name or chosen. */
  hasTiers?: boolean;
  /** Confidence in [0, 1] that the sample is in this format; 0 = certainly not. */
  sniff(sample: FormatSample): number;
  createParser(context: FormatContext): FormatParser;
}

/** Complete lines of a sample, skipping blank ones. */
export function sampleRecords(sample: FormatSample, max = 20): string[] {
  const lines = sample.complete ? sample.lines : sample.lines.slice(0, -1);
  return lines.filter((l) => l.trim().length > 0).slice(0, max);
}

/** Share of sample lines for which `test` holds (0 when there are none). */
export function shareOf(lines: readonly string[], test: (line: string) => boolean): number {
  if (lines.length === 0) return 0;
  let n = 0;
  for (const l of lines) if (test(l)) n++;
  return n / lines.length;
}
