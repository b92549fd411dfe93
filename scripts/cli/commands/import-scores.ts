/**
 * `paralens import-scores FILE --corpus SLUG --map … --measure NAME=COL`: a model's scores (a
 * paraphrase identifier's probabilities, an NLI model's entailment score, …) as measures of a
 * corpus, stored under the names given beside the built-in catalogue (lib/db/corpora/user-measures.ts). All
 * or nothing: any row that cannot be read, has a value that is not a number, matches no pair, or
 * names a pair an earlier row named is reported with its line number and nothing is written.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import {
  ANNOTATION_FILE_FORMATS,
  annotationFormatOf,
  readAnnotationRows,
  type AnnotationFileFormat,
} from '@/lib/import/annotation-rows';
import { importScores } from '@/lib/db/corpora/user-measures';
import type { CliIo } from '../io';
import { writeRowErrors } from '../campaign-file-command';
import { withDatabase } from '../with-database';
import { unreadableInput } from '../input-files';

const usage = `Usage: paralens import-scores <file> --corpus <slug> --map <columns> --measure <NAME=COL,...> [options]

Matches each row to a pair of the corpus and stores its values as user measures of the corpus,
under the names given: shown and filterable in the explorer (u.NAME), exported, and available to
maps, correlations and the threshold analysis. A name imported again has its values replaced.

  --corpus <slug>       the corpus
  --map <columns>       how a row names its pair, one of: id=COL (Paralens pair ids: the pair_id
                        column of an export), pair=COL (the source's original ids) or a=COL,b=COL
                        (the two texts exactly as stored, in either order)
  --measure <list>      NAME=COL for each measure, e.g. para_prob=prob,nli=entailment; names are
                        lowercase identifiers (a-z, 0-9, _) other than the built-in measures' keys
  --axis <list>         NAME=semantic or NAME=syntactic: the measure may serve as that axis of a
                        characteristic map (default none; sem and delta are never changed)
  --description <text>  what the measure is (shown with it)
  --format <format>     ${ANNOTATION_FILE_FORMATS.join(', ')} (default: from the file name)

An empty cell means no value for that pair; a row with no value at all, a value that is not a
number, a pair matched by no row or by two rows are errors.

Exit code 0 when everything was imported, 1 when nothing was (rows listed as "line N: what is
wrong"), 2 for bad arguments.
`;

const options = {
  corpus: { type: 'string' },
  map: { type: 'string' },
  measure: { type: 'string' },
  axis: { type: 'string' },
  description: { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function run(args: string[], io: CliIo): Promise<number> {
  const fail = (message: string, code: number) => {
    io.stderr.write(`paralens import-scores: ${message}\n${code === 2 ? usage : ''}`);
    return code;
  };
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error), 2);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) return fail('give exactly one file', 2);
  const { corpus: slug, map, measure } = values;
  if (!slug || !map || !measure) return fail('--corpus, --map and --measure are required', 2);
  const format = (values.format ?? annotationFormatOf(file)) as AnnotationFileFormat | null;
  if (!format || !ANNOTATION_FILE_FORMATS.includes(format))
    return fail(`--format must be one of ${ANNOTATION_FILE_FORMATS.join(', ')} (the file name does not say)`, 2);
  const unreadable = await unreadableInput(file);
  if (unreadable) return fail(unreadable, 2);
  return withDatabase(io, async (db) => {
    const outcome = await importScores(db, {
      slug,
      map,
      measures: measure,
      axes: values.axis,
      description: values.description?.trim() || null,
      rows: readAnnotationRows(file, format),
      source: path.basename(file),
      userId: null,
    });
    if (outcome.ok) {
      io.stdout.write(`${outcome.summary}\n`);
      return 0;
    }
    if (outcome.problem === 'rows') writeRowErrors(io, outcome.errors);
    return fail(outcome.message, outcome.problem === 'map' || outcome.problem === 'measures' ? 2 : 1);
  });
}
