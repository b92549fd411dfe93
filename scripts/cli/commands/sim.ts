/**
 * `paralens sim`: the scriptable form of the similarity measures. Reads JSON Lines
 * `{"id": ..., "a": "...", "b": "..."}` from stdin and writes, in input order, one line per
 * record with exactly the keys id and the catalogue's text measures in catalogue order (rouge1,
 * rougeL, bleu, syn, levenshtein, ngramOverlap, lcpOverlap, sumo; a is ROUGE's target and BLEU's
 * reference). A malformed line yields
 * `{"id": <id or null>, "error": "line N: ..."}` and the rest continue. Blank lines are
 * skipped without output. Exit code 0 when every record was scored, 1 when some were not,
 * 2 for bad arguments. Streams with backpressure (memory does not grow with the input) and
 * never touches the database. Measures and defaults: lib/measures/measures.ts, docs/metrics.md.
 */
import { once } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import type { BleuSmoothing } from '@/lib/measures/bleu';
import { computeMeasures, resolveMeasureOptions, type MeasureOptions } from '@/lib/measures/measures';
import { textMeasureKeys } from '@/lib/measures/catalog';
import type { CliIo } from '../io';

const USAGE = `Usage: paralens sim [options] < pairs.jsonl > scores.jsonl

Reads one JSON object per line: {"id": <string|number>, "a": "<text>", "b": "<text>"}
(a is ROUGE's target and BLEU's reference). Writes one JSON line per input line, in order:
  {"id", "rouge1", "rougeL", "bleu", "syn", "levenshtein", "ngramOverlap", "lcpOverlap", "sumo"}
levenshtein is the normalised word-level distance (0 = identical); undefined values are null.
A malformed line gives {"id": <id or null>, "error": "line N: ..."}; blank lines are skipped.

Options (defaults reproduce the EACL 2023 paper):
  --tokenize rouge|whitespace  rouge-score tokenizer (default) or Python str.split(), case kept
  --language CODE              the tokenizer of a corpus in that language (ISO 639-1): en is
                               the paper's; others Unicode tokens with Snowball stems
                               (docs/metrics.md, "Tokenizers"); not with --tokenize
  --no-stem                    do not Porter-stem tokens longer than 3 characters
  --bleu-smoothing N           NLTK SmoothingFunction method 0-7 (default 7)
  --bleu-direction both|a-to-b mean of both directions (default) or a as reference only
  --no-clip                    do not clip BLEU to [0, 1]
  -h, --help                   show this help

Exit codes: 0 all lines scored, 1 some lines had errors, 2 bad arguments.
`;

const FLUSH_BYTES = 64 * 1024;

function parseOptions(args: string[]): MeasureOptions | { help: true } {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      tokenize: { type: 'string' },
      language: { type: 'string' },
      'no-stem': { type: 'boolean' },
      'bleu-smoothing': { type: 'string' },
      'bleu-direction': { type: 'string' },
      'no-clip': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return { help: true };
  const smoothing = values['bleu-smoothing'];
  if (smoothing !== undefined && !/^[0-7]$/.test(smoothing)) {
    throw new RangeError(`--bleu-smoothing must be an integer from 0 to 7, got "${smoothing}"`);
  }
  const language = values.language;
  if (language !== undefined && (!/^[a-z]{2}$/.test(language) || values.tokenize !== undefined)) {
    throw new RangeError(
      values.tokenize !== undefined
        ? '--language chooses the tokenizer: leave out --tokenize'
        : `--language takes a two-letter ISO 639-1 code such as es, not "${language}"`,
    );
  }
  return resolveMeasureOptions({
    ...(language !== undefined && language !== 'en'
      ? { tokenizer: 'unicode' as const, language }
      : { tokenizer: (values.tokenize ?? 'rouge') as MeasureOptions['tokenizer'] }),
    stem: !values['no-stem'],
    bleuSmoothing: (smoothing === undefined ? 7 : Number(smoothing)) as BleuSmoothing,
    bleuDirection: (values['bleu-direction'] ?? 'both') as MeasureOptions['bleuDirection'],
    clip: !values['no-clip'],
  });
}

function formatNumber(value: number | null): string {
  return value === null ? 'null' : String(value);
}

function formatError(id: unknown, message: string): string {
  return `${JSON.stringify({ id: id ?? null, error: message })}\n`;
}

/** One output line for one non-blank input line; `ok` is false for an error line. */
function scoreLine(line: string, lineNumber: number, options: MeasureOptions): { text: string; ok: boolean } {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { text: formatError(null, `line ${lineNumber}: invalid JSON (${reason})`), ok: false };
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { text: formatError(null, `line ${lineNumber}: expected a JSON object with id, a and b`), ok: false };
  }
  const { id, a, b } = record as Record<string, unknown>;
  const validId = typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  const problems: string[] = [];
  if (!validId) problems.push(id === undefined ? 'id is missing' : 'id must be a string or a number');
  if (typeof a !== 'string') problems.push(a === undefined ? 'a is missing' : 'a must be a string');
  if (typeof b !== 'string') problems.push(b === undefined ? 'b is missing' : 'b must be a string');
  if (problems.length > 0) {
    return { text: formatError(validId ? id : null, `line ${lineNumber}: ${problems.join('; ')}`), ok: false };
  }
  const m = computeMeasures(a as string, b as string, options);
  let text = `{"id":${JSON.stringify(id)}`;
  for (const key of textMeasureKeys) text += `,"${key}":${formatNumber(m[key])}`;
  text += '}\n';
  return { text, ok: true };
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let options: MeasureOptions;
  try {
    const parsed = parseOptions(args);
    if ('help' in parsed) {
      io.stdout.write(USAGE);
      return 0;
    }
    options = parsed;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`paralens sim: ${message}\nRun \`paralens sim --help\` for usage.\n`);
    return 2;
  }

  const decoder = new StringDecoder('utf8');
  let pending = '';
  let lineNumber = 0;
  let failed = 0;
  let output = '';

  const flush = async (): Promise<void> => {
    if (output.length === 0) return;
    const ok = io.stdout.write(output);
    output = '';
    if (!ok) await once(io.stdout, 'drain');
  };
  const handleLine = (rawLine: string): void => {
    lineNumber += 1;
    let line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
    if (lineNumber === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    if (line.trim().length === 0) return;
    const result = scoreLine(line, lineNumber, options);
    if (!result.ok) failed += 1;
    output += result.text;
  };

  for await (const chunk of io.stdin) {
    pending += typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    let start = 0;
    for (let newline = pending.indexOf('\n'); newline >= 0; newline = pending.indexOf('\n', start)) {
      handleLine(pending.slice(start, newline));
      start = newline + 1;
      if (output.length >= FLUSH_BYTES) await flush();
    }
    pending = pending.slice(start);
    await flush();
  }
  pending += decoder.end();
  if (pending.length > 0) handleLine(pending);
  await flush();
  return failed > 0 ? 1 : 0;
}
