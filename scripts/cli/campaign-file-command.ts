/**
 * The shape shared by the commands that read a campaign's rows from a file (import-annotations,
 * gold): arguments `<file> --campaign --map [--values] [--format]`, rows read and mapped with their
 * line numbers, all or nothing, every bad row listed as "line N: what is wrong" (exit 1), bad
 * arguments exit 2.
 */
import { parseArgs } from 'node:util';
import {
  ANNOTATION_FILE_FORMATS,
  annotationFormatOf,
  readAnnotationRows,
  type AnnotationFileFormat,
} from '@/lib/import/annotation-rows';
import { importCampaignFile, type CampaignFileKind } from '@/lib/db/campaigns/campaign-file';
import type { CliIo } from './io';
import { withDatabase } from './with-database';
import { unreadableInput } from './input-files';

export interface CampaignFileCommand<M, R> extends CampaignFileKind<M, R> {
  name: string;
  usage: string;
  /** takes `--add-pairs CORPUS` (import-annotations) */
  addsPairs?: boolean;
}

const MAX_REPORTED = 100;

/** A refused file's rows as "line N: what is wrong" on stderr (the first 100). */
export function writeRowErrors(io: CliIo, errors: ReadonlyArray<{ line: number; message: string }>): void {
  for (const e of errors.slice(0, MAX_REPORTED)) io.stderr.write(`line ${e.line}: ${e.message}\n`);
  if (errors.length > MAX_REPORTED) io.stderr.write(`… and ${errors.length - MAX_REPORTED} more\n`);
}

const options = {
  campaign: { type: 'string' },
  map: { type: 'string' },
  values: { type: 'string', multiple: true },
  format: { type: 'string' },
  'add-pairs': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runCampaignFileCommand<M, R>(
  command: CampaignFileCommand<M, R>,
  args: string[],
  io: CliIo,
): Promise<number> {
  const fail = (message: string, code: number) => {
    io.stderr.write(`paralens ${command.name}: ${message}\n${code === 2 ? command.usage : ''}`);
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
    io.stdout.write(command.usage);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) return fail('give exactly one file', 2);
  const { campaign: slug, map } = values;
  if (!slug || !map) return fail('--campaign and --map are required', 2);
  const addPairs = values['add-pairs'];
  if (addPairs !== undefined && !command.addsPairs) return fail("Unknown option '--add-pairs'", 2);
  if (addPairs !== undefined && addPairs.trim() === '') return fail('--add-pairs needs the slug of a corpus', 2);
  const format = (values.format ?? annotationFormatOf(file)) as AnnotationFileFormat | null;
  if (!format || !ANNOTATION_FILE_FORMATS.includes(format))
    return fail(`--format must be one of ${ANNOTATION_FILE_FORMATS.join(', ')} (the file name does not say)`, 2);
  const unreadable = await unreadableInput(file);
  if (unreadable) return fail(unreadable, 2);
  return withDatabase(io, async (db) => {
    const outcome = await importCampaignFile(db, command, {
      slug,
      map,
      values: values.values ?? [],
      rows: readAnnotationRows(file, format),
      options: addPairs === undefined ? {} : { addPairs: addPairs.trim() },
    });
    if (outcome.ok) {
      io.stdout.write(`${outcome.summary}\n`);
      return 0;
    }
    if (outcome.problem === 'rows') writeRowErrors(io, outcome.errors);
    return fail(
      outcome.message,
      outcome.problem === 'map' || outcome.problem === 'values' || outcome.problem === 'addPairs' ? 2 : 1,
    );
  });
}
