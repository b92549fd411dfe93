/**
 * Format detection from the first bytes of a file: every format's sniffer scores a sample of
 * decoded lines (and the file name as a tie-breaker); the best score wins. Dedicated corpus
 * formats recognise headers or exact field shapes and score high; the generic mapped formats score
 * low so they only win when nothing specific matches, or when a column mapping was given.
 */
import { detectEncoding } from './decode-text';
import type { FormatDefinition, FormatSample } from './format-definition';
import { GENERIC_FORMATS, listImportFormats } from './format-registry';
import { ImportSetupError } from './types';

/** How much of the file detection looks at. */
export const SNIFF_BYTES = 64 * 1024;

/** Decodes the head of a file into a detection sample (BOM removed, CR of CRLF removed). */
export function buildFormatSample(head: Uint8Array, fileName: string, complete: boolean): FormatSample {
  const { encoding, bomLength } = detectEncoding(head);
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(head.subarray(bomLength));
  const separator = !text.includes('\n') && text.includes('\r') ? '\r' : '\n';
  const lines = text.split(separator).map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (complete && lines[lines.length - 1] === '') lines.pop();
  return { fileName: fileName.split(/[\\/]/).pop() ?? fileName, lines, text, complete };
}

export interface Detection {
  format: FormatDefinition;
  confidence: number;
}

/** Files that ship next to the corpora but hold no pairs; named so the error can say what to import instead. */
const NOT_PAIR_FILES: { test: (sample: FormatSample) => boolean; message: string }[] = [
  {
    test: (s) => s.lines.length > 0 && s.lines.slice(0, 20).every((l) => l === '' || /^(true|false|----)\t\d+(\.\d+)?$/.test(l)),
    message:
      'looks like PIT-2015 test.label: labels without the sentences (score = expert label / 5); import test.data, which carries the same labels',
  },
  {
    test: (s) => (s.lines[0] ?? '').startsWith('Sentence ID\tString\tAuthor'),
    message:
      'looks like msr_paraphrase_data.txt: single sentences, not pairs; import msr_paraphrase_train.txt or msr_paraphrase_test.txt',
  },
  {
    test: (s) => (s.lines[0] ?? '').startsWith('QID\tCategory\tHighlighted\tAnnotator'),
    message: 'looks like per-annotator highlight annotations (QID, Category, Highlighted, Annotator), not pairs',
  },
];

/** Every format that fits the sample, best first (ties keep registry order); for format pickers. */
export function rankFormats(sample: FormatSample, options: { hasMap?: boolean } = {}): Detection[] {
  return listImportFormats()
    .filter((f) => !options.hasMap || GENERIC_FORMATS.includes(f.name))
    .map((format) => ({ format, confidence: format.sniff(sample) }))
    .filter((d) => d.confidence > 0)
    .sort((x, y) => y.confidence - x.confidence);
}

/** The best-fitting format; throws ImportSetupError when none fits or the file holds no pairs. */
export function detectFormat(sample: FormatSample, options: { hasMap?: boolean } = {}): Detection {
  if (!options.hasMap) {
    const known = NOT_PAIR_FILES.find((f) => f.test(sample));
    if (known) throw new ImportSetupError(`${sample.fileName || 'the file'} ${known.message}`);
  }
  const best = rankFormats(sample, options)[0];
  if (best) return best;
  throw new UndetectedFormatError(sample.fileName, options.hasMap === true);
}

/**
 * No format fits the file. The message (the command line's) names each format as users know it
 * with the name `--format` takes; `describeFor('web')` gives the names alone.
 */
export class UndetectedFormatError extends ImportSetupError {
  override name = 'UndetectedFormatError';

  constructor(
    readonly fileName: string,
    readonly hasMap: boolean,
  ) {
    super(describeUndetected(fileName, hasMap, 'cli'));
  }

  describeFor(audience: 'cli' | 'web'): string {
    return describeUndetected(this.fileName, this.hasMap, audience);
  }
}

function describeUndetected(fileName: string, hasMap: boolean, audience: 'cli' | 'web'): string {
  const formats = listImportFormats().filter((f) => !hasMap || GENERIC_FORMATS.includes(f.name));
  const names = formats.map((f) => (audience === 'cli' ? `${f.label} (${f.name})` : f.label)).join(', ');
  const what = hasMap ? ' as CSV, TSV or JSON Lines' : '';
  return `cannot detect the format of ${fileName || 'the file'}${what}; choose one ${audience === 'cli' ? 'with --format' : 'of'}: ${names}`;
}
