/**
 * The shape shared by the commands that read a campaign's rows from a file (import-annotations,
 * gold): arguments `<file> --campaign --map [--values] [--format]`, rows read and mapped with their
 * line numbers, all or nothing, every bad row listed as "line N: what is wrong" (exit 1), bad
 * arguments exit 2.
 */
import { parseArgs } from 'node:util';
import { parseValueMap, type Parsed, type ValueMap } from '@/lib/annotation/annotation-import';
import type { Question } from '@/lib/annotation/questions';
import { ANNOTATION_FILE_FORMATS, annotationFormatOf, readAnnotationRows, type AnnotationFileFormat } from '@/lib/import/annotation-rows';
import { findCampaignQuestions, type RowError } from '@/lib/db/annotation-import';
import { createSqlPool, type SqlPool } from '@/lib/db/sql-pool';
import type { CliIo } from './io';
import { withDatabase } from './with-database';

export type MappedFileRow<R> = { ok: true; row: R } | { ok: false; line: number; message: string };

export interface CampaignFileCommand<M, R> {
  name: string;
  usage: string;
  /** "imported", "marked": what did not happen to the rows on failure */
  verb: string;
  parseMap(spec: string, questions: readonly Question[]): Parsed<M>;
  mapRow(cells: Readonly<Record<string, unknown>>, line: number, map: M, values: ValueMap, questions: readonly Question[]): MappedFileRow<R>;
  /** writes every row or none; the line on success */
  write(pool: SqlPool, slug: string, rows: R[]): Promise<{ ok: true; summary: string } | { ok: false; errors: RowError[] }>;
}

const MAX_REPORTED = 100;

const options = {
  campaign: { type: 'string' },
  map: { type: 'string' },
  values: { type: 'string', multiple: true },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runCampaignFileCommand<M, R>(command: CampaignFileCommand<M, R>, args: string[], io: CliIo): Promise<number> {
  const fail = (message: string, code: number) => {
    io.stderr.write(`paralens ${command.name}: ${message}\n${code === 2 ? command.usage : ''}`);
    return code;
  };
  const reportErrors = (errors: RowError[]) => {
    const sorted = [...errors].sort((a, b) => a.line - b.line);
    for (const e of sorted.slice(0, MAX_REPORTED)) io.stderr.write(`line ${e.line}: ${e.message}\n`);
    if (sorted.length > MAX_REPORTED) io.stderr.write(`… and ${sorted.length - MAX_REPORTED} more\n`);
    return fail(`${errors.length} row${errors.length === 1 ? '' : 's'} could not be ${command.verb}; nothing was written`, 1);
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
  if (!values.campaign || !values.map) return fail('--campaign and --map are required', 2);
  const format = (values.format ?? annotationFormatOf(file)) as AnnotationFileFormat | null;
  if (!format || !ANNOTATION_FILE_FORMATS.includes(format)) return fail(`--format must be one of ${ANNOTATION_FILE_FORMATS.join(', ')} (the file name does not say)`, 2);
  const { campaign: slug, map: mapSpec } = values;
  return withDatabase(io, async (_db, url) => {
    const pool = createSqlPool(url, 2);
    try {
      const campaign = await findCampaignQuestions(pool, slug);
      if (!campaign) return fail(`no campaign has the slug "${slug}"`, 1);
      const map = command.parseMap(mapSpec, campaign.questions);
      if (!map.ok) return fail(map.error, 2);
      const valueMap = parseValueMap(values.values ?? [], campaign.questions);
      if (!valueMap.ok) return fail(valueMap.error, 2);
      const rows: R[] = [];
      const errors: RowError[] = [];
      for await (const row of readAnnotationRows(file, format)) {
        if ('error' in row) errors.push({ line: row.line, message: row.error });
        else {
          const mapped = command.mapRow(row.cells, row.line, map.value, valueMap.value, campaign.questions);
          if (mapped.ok) rows.push(mapped.row);
          else errors.push({ line: mapped.line, message: mapped.message });
        }
      }
      if (errors.length > 0) return reportErrors(errors);
      if (rows.length === 0) return fail('the file has no rows', 1);
      const outcome = await command.write(pool, slug, rows);
      if (!outcome.ok) return reportErrors(outcome.errors);
      io.stdout.write(`${outcome.summary}\n`);
      return 0;
    } finally {
      await pool.end();
    }
  });
}
