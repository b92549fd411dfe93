/**
 * `paralens import-annotations FILE --campaign SLUG --map …`: labels collected elsewhere (CSV, TSV,
 * JSON Lines) into a campaign, so agreement, final labels and maps work for studies run outside
 * Paralens. All or nothing: any row that cannot be read, mapped or matched to a pair is reported
 * with its line number and nothing is written (docs/quality.md).
 */
import { parseArgs } from 'node:util';
import { mapAnnotationRow, parseColumnMap, parseValueMap, type AnnotationRow } from '@/lib/annotation/annotation-import';
import { ANNOTATION_FILE_FORMATS, annotationFormatOf, readAnnotationRows, type AnnotationFileFormat } from '@/lib/import/annotation-rows';
import { findCampaignQuestions, importAnnotationRows, type RowError } from '@/lib/db/annotation-import';
import { createSqlPool } from '@/lib/db/sql-pool';
import type { CliIo } from '../io';
import { withDatabase } from '../with-database';

export const description = 'Import labels collected elsewhere into a campaign';

const usage = `Usage: paralens import-annotations <file> --campaign <slug> --map <columns> [options]

Matches each row to a pair of the campaign's corpora, by original id (pair=COL) or by the two texts
exactly (a=COL,b=COL), adds pairs to the campaign when needed, creates one pseudonymous annotator
(who cannot sign in) per annotator id of the file, and stores the answers; the final labels are
recomputed. A second import of the same file replaces the answers it stored.

  --campaign <slug>     the campaign (its questions decide what the columns may hold)
  --map <columns>       pair=COL or a=COL,b=COL; annotator=COL; QUESTION=COL for each question,
                        e.g. pair=pair_id,annotator=annotator_key,nli=label,rationale=justification
  --values <mapping>    value translations per question (repeatable), e.g. relation:E=equivalence,C=exclusion
  --format <format>     ${ANNOTATION_FILE_FORMATS.join(', ')} (default: from the file name)

Exit code 0 when everything was imported, 1 when nothing was (rows listed as "line N: what is
wrong"), 2 for bad arguments.
`;

const options = {
  campaign: { type: 'string' },
  map: { type: 'string' },
  values: { type: 'string', multiple: true },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const MAX_REPORTED = 100;

const fail = (io: CliIo, message: string, code: number) => {
  io.stderr.write(`paralens import-annotations: ${message}\n${code === 2 ? usage : ''}`);
  return code;
};

function reportErrors(io: CliIo, errors: RowError[]): number {
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  for (const e of sorted.slice(0, MAX_REPORTED)) io.stderr.write(`line ${e.line}: ${e.message}\n`);
  if (sorted.length > MAX_REPORTED) io.stderr.write(`… and ${sorted.length - MAX_REPORTED} more\n`);
  return fail(io, `${errors.length} row${errors.length === 1 ? '' : 's'} could not be imported; nothing was written`, 1);
}

export async function run(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    return fail(io, error instanceof Error ? error.message : String(error), 2);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(usage);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) return fail(io, 'give exactly one file', 2);
  if (!values.campaign || !values.map) return fail(io, '--campaign and --map are required', 2);
  const format = (values.format ?? annotationFormatOf(file)) as AnnotationFileFormat | null;
  if (!format || !ANNOTATION_FILE_FORMATS.includes(format)) return fail(io, `--format must be one of ${ANNOTATION_FILE_FORMATS.join(', ')} (the file name does not say)`, 2);
  const { campaign: slug, map: mapSpec } = values;
  return withDatabase(io, async (_db, url) => {
    const pool = createSqlPool(url, 2);
    try {
      const campaign = await findCampaignQuestions(pool, slug);
      if (!campaign) return fail(io, `no campaign has the slug "${slug}"`, 1);
      const map = parseColumnMap(mapSpec, campaign.questions);
      if (!map.ok) return fail(io, map.error, 2);
      const valueMap = parseValueMap(values.values ?? [], campaign.questions);
      if (!valueMap.ok) return fail(io, valueMap.error, 2);
      const rows: AnnotationRow[] = [];
      const errors: RowError[] = [];
      for await (const row of readAnnotationRows(file, format)) {
        if ('error' in row) errors.push({ line: row.line, message: row.error });
        else {
          const mapped = mapAnnotationRow(row.cells, row.line, map.value, valueMap.value, campaign.questions);
          if (mapped.ok) rows.push(mapped.row);
          else errors.push({ line: mapped.line, message: mapped.message });
        }
      }
      if (errors.length > 0) return reportErrors(io, errors);
      if (rows.length === 0) return fail(io, 'the file has no rows', 1);
      const outcome = await importAnnotationRows(pool, slug, rows);
      if (!outcome.ok) return reportErrors(io, outcome.errors);
      io.stdout.write(`Imported ${outcome.annotations} answers by ${outcome.annotators} annotators on ${outcome.pairs} pairs (${outcome.pairsAdded} added to the campaign).\n`);
      return 0;
    } finally {
      await pool.end();
    }
  });
}
